#!/usr/bin/perl
# Weir Cross lock over HTTP/1.1: the agent API on IO::Socket::INET, one request per connection.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use IO::Socket::INET;
use JSON::PP;
use Weir::Lock;

my $port = $ENV{LOCK_PORT} || 8080;
my $listener = IO::Socket::INET->new(
    LocalAddr => '0.0.0.0',
    LocalPort => $port,
    Proto     => 'tcp',
    Listen    => 32,
    ReuseAddr => 1,
) or die "weirkeep: cannot listen on port $port: $!\n";
$SIG{PIPE} = 'IGNORE';
$| = 1;
print "weirkeep listening on port $port\n";

my $json = JSON::PP->new->utf8->canonical;
my %games;
my $next_id = 1;
my %REASON = (200 => 'OK', 400 => 'Bad Request', 404 => 'Not Found', 405 => 'Method Not Allowed',
              413 => 'Payload Too Large', 500 => 'Internal Server Error');

while (1) {
    my $conn = $listener->accept or next;
    eval { serve($conn); 1 } or warn "weirkeep: connection dropped: $@";
    close $conn;
}

sub serve {
    my ($conn) = @_;
    local $SIG{ALRM} = sub { die "read timed out\n" };
    alarm 10;
    my $request_line = <$conn>;
    unless (defined $request_line) { alarm 0; return; }
    $request_line =~ s/\r?\n\z//;
    my ($method, $target) = split ' ', $request_line;
    my %headers;
    while (defined(my $line = <$conn>)) {
        $line =~ s/\r?\n\z//;
        last if $line eq '';
        my ($name, $value) = split /:\s*/, $line, 2;
        $headers{ lc $name } = defined $value ? $value : '' if defined $name;
    }
    my $length = $headers{'content-length'} || 0;
    $length = 0 unless $length =~ /^\d+$/;
    if ($length > 65536) {
        alarm 0;
        return respond($conn, 413, { error => 'request body too large' });
    }
    my $body = '';
    while (length($body) < $length) {
        my $got = read($conn, $body, $length - length($body), length($body));
        last unless $got;
    }
    alarm 0;
    my ($status, $payload) = eval { route($method || '', $target || '/', $body) };
    unless (defined $status) {
        my $error = $@ || 'unknown failure';
        $error =~ s/\s+\z//;
        warn "weirkeep: $error\n";
        ($status, $payload) = (500, { error => "internal error: $error" });
    }
    respond($conn, $status, $payload);
}

sub respond {
    my ($conn, $status, $payload) = @_;
    my $bytes = $json->encode($payload);
    print {$conn} "HTTP/1.1 $status " . ($REASON{$status} || 'Error') . "\r\n"
        . "Content-Type: application/json\r\n"
        . 'Content-Length: ' . length($bytes) . "\r\n"
        . "Connection: close\r\n\r\n"
        . $bytes;
}

sub decode_body {
    my ($body) = @_;
    my $data = eval { $json->decode($body) };
    return ref $data eq 'HASH' ? $data : undef;
}

sub route {
    my ($method, $target, $body) = @_;
    (my $path = $target) =~ s/\?.*\z//;

    if ($path eq '/healthz') {
        return (405, { error => 'use GET' }) unless $method eq 'GET' || $method eq 'HEAD';
        return (200, { status => 'ok' });
    }
    if ($path eq '/api/agent/new') {
        return (405, { error => 'use POST' }) unless $method eq 'POST';
        my $id = 'weir-' . $next_id++;
        my $game = Weir::Lock->new;
        $games{$id} = $game;
        return (200, { game_id => $id, %{ $game->intro } });
    }
    if ($path eq '/api/agent/command') {
        return (405, { error => 'use POST' }) unless $method eq 'POST';
        my $data = decode_body($body);
        return (400, { error => 'body must be a JSON object' }) unless $data;
        my ($id, $command) = @{$data}{qw(game_id command)};
        return (400, { error => 'game_id is required' }) unless defined $id && !ref $id;
        return (400, { error => 'command must be a string' }) unless defined $command && !ref $command;
        my $game = $games{$id} or return (404, { error => "no game $id" });
        return (200, $game->command($command));
    }
    if ($path =~ m{\A/api/agent/state/([^/]+)\z}) {
        return (405, { error => 'use GET' }) unless $method eq 'GET';
        my $game = $games{$1} or return (404, { error => "no game $1" });
        return (200, { state => $game->state, turn => $game->{turn} + 0 });
    }
    return (404, { error => "no route $path" });
}

#!/usr/bin/perl
# Hemlock Hall over HTTP/1.1: one request per connection, JSON in and out.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use IO::Socket::INET;
use IO::Select;
use JSON::PP;
use Hemlock::Game;

my $PORT         = $ENV{HEMLOCK_PORT} || 8080;
my $READ_TIMEOUT = 10;
my $MAX_BODY     = 65536;

my $json = JSON::PP->new->utf8->canonical;
my %games;
my $next_id = 1;

my %REASON = (200 => 'OK', 400 => 'Bad Request', 404 => 'Not Found', 405 => 'Method Not Allowed',
              413 => 'Payload Too Large', 500 => 'Internal Server Error');

$SIG{PIPE} = 'IGNORE';
my $listener = IO::Socket::INET->new(
    LocalAddr => '0.0.0.0',
    LocalPort => $PORT,
    Proto     => 'tcp',
    Listen    => 128,
    ReuseAddr => 1,
) or die "cannot listen on port $PORT: $!\n";
$| = 1;
print "Hemlock Hall listening on port $PORT\n";

while (1) {
    my $client = $listener->accept or next;
    serve($client);
    close $client;
}

sub read_more {
    my ($client, $buffer) = @_;
    return 0 unless IO::Select->new($client)->can_read($READ_TIMEOUT);
    my $got = sysread($client, $$buffer, 65536, length $$buffer);
    return $got ? 1 : 0;
}

sub serve {
    my ($client) = @_;
    my $buffer = '';
    my $end;
    until (($end = index($buffer, "\r\n\r\n")) >= 0) {
        return if length($buffer) > $MAX_BODY;
        return unless read_more($client, \$buffer);
    }
    my ($head, $rest) = (substr($buffer, 0, $end), substr($buffer, $end + 4));
    my ($request_line, @header_lines) = split /\r\n/, $head;
    my ($method, $target) = split / /, $request_line // '';
    unless ($method and $target) {
        return respond($client, 400, { error => 'malformed request line' });
    }
    my %headers;
    for my $line (@header_lines) {
        my ($name, $value) = $line =~ /^([^:]+):\s*(.*)$/ or next;
        $headers{ lc $name } = $value;
    }
    my $length = $headers{'content-length'} // 0;
    return respond($client, 400, { error => 'bad Content-Length' }) unless $length =~ /^\d+$/;
    return respond($client, 413, { error => 'request body too large' }) if $length > $MAX_BODY;
    while (length($rest) < $length) {
        return unless read_more($client, \$rest);
    }
    my $body = substr($rest, 0, $length);
    my ($path) = split /\?/, $target;

    my ($status, $payload) = eval { route($method, $path, $body) };
    unless (defined $status) {
        warn "error handling $method $path: $@";
        ($status, $payload) = (500, { error => 'internal server error' });
    }
    respond($client, $status, $payload);
}

sub respond {
    my ($client, $status, $payload) = @_;
    my $body = $json->encode($payload);
    my $reason = $REASON{$status} // 'Error';
    my $message = "HTTP/1.1 $status $reason\r\nContent-Type: application/json\r\n"
      . 'Content-Length: ' . length($body) . "\r\nConnection: close\r\n\r\n" . $body;
    my $sent = 0;
    while ($sent < length $message) {
        my $wrote = syswrite($client, $message, length($message) - $sent, $sent);
        last unless $wrote;
        $sent += $wrote;
    }
}

sub game_reply {
    my ($id, $game, $reply) = @_;
    my $over = $game->{status} ne 'open';
    return {
        game_id   => $id,
        message   => $reply->{message},
        state     => Hemlock::Game::state($game),
        success   => $reply->{success},
        game_over => $over ? JSON::PP::true : JSON::PP::false,
        turn      => $game->{turn},
    };
}

sub route {
    my ($method, $path, $body) = @_;
    if ($path eq '/healthz') {
        return (405, { error => 'use GET' }) unless $method eq 'GET';
        return (200, { status => 'ok' });
    }
    if ($path eq '/api/agent/new') {
        return (405, { error => 'use POST' }) unless $method eq 'POST';
        my $id   = 'case-' . $next_id++;
        my $game = Hemlock::Game::new_game();
        $games{$id} = $game;
        return (200, game_reply($id, $game, { success => JSON::PP::true, message => Hemlock::Game::intro($game) }));
    }
    if ($path eq '/api/agent/command') {
        return (405, { error => 'use POST' }) unless $method eq 'POST';
        my $request = eval { $json->decode($body) };
        return (400, { error => 'the body must be a JSON object' }) unless ref $request eq 'HASH';
        my ($id, $command) = @{$request}{qw(game_id command)};
        return (400, { error => 'game_id is required' }) unless defined $id and !ref $id;
        return (400, { error => 'command must be a string' }) unless defined $command and !ref $command;
        my $game = $games{$id};
        return (404, { error => "no game with id $id" }) unless $game;
        my $reply = Hemlock::Game::command($game, $command);
        return (200, game_reply($id, $game, $reply));
    }
    if ($path =~ m{^/api/agent/state/([^/]+)$}) {
        return (405, { error => 'use GET' }) unless $method eq 'GET';
        my $id = $1;
        $id =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
        my $game = $games{$id};
        return (404, { error => "no game with id $id" }) unless $game;
        return (200, { game_id => $id, state => Hemlock::Game::state($game), turn => $game->{turn},
                       game_over => $game->{status} ne 'open' ? JSON::PP::true : JSON::PP::false });
    }
    return (404, { error => "no such path: $path" });
}

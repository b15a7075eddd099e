#!/usr/bin/env perl
# Rindle's HTTP server: a small HTTP/1.1 loop over IO::Select, keep-alive
# included, handing every request to Rindle::Api.

use strict;
use warnings;

use FindBin;
use lib "$FindBin::Bin/lib";

use IO::Select;
use IO::Socket::INET;
use Rindle::Api;

my $HOST      = $ENV{HOST} || '127.0.0.1';
my $PORT      = $ENV{RINDLE_PORT} || 8080;
my $MAX_HEAD  = 16 * 1024;
my $MAX_BODY  = 256 * 1024;
my $IDLE_SECS = 120;

my %REASON = (
    200 => 'OK', 400 => 'Bad Request', 404 => 'Not Found', 405 => 'Method Not Allowed',
    411 => 'Length Required', 413 => 'Payload Too Large', 431 => 'Request Header Fields Too Large',
    500 => 'Internal Server Error',
);

$SIG{PIPE} = 'IGNORE';
$| = 1;

my $api = Rindle::Api->new;
my $listener = IO::Socket::INET->new(
    LocalAddr => $HOST,
    LocalPort => $PORT,
    Proto     => 'tcp',
    Listen    => 128,
    ReuseAddr => 1,
) or die "rindle: cannot listen on $HOST:$PORT: $!\n";

print "rindle: listening on http://$HOST:$PORT/\n";

my $select = IO::Select->new($listener);
my (%buffer, %last_seen);

while (1) {
    for my $fh ($select->can_read(5)) {
        if ($fh == $listener) {
            my $client = $listener->accept or next;
            binmode $client;
            $select->add($client);
            $buffer{$client}    = '';
            $last_seen{$client} = time;
            next;
        }
        my $got = sysread($fh, my $chunk, 64 * 1024);
        unless ($got) {
            drop($fh);
            next;
        }
        $buffer{$fh} .= $chunk;
        $last_seen{$fh} = time;
        serve($fh);
    }
    my $now = time;
    for my $fh ($select->handles) {
        next if $fh == $listener;
        drop($fh) if $now - ($last_seen{$fh} || 0) > $IDLE_SECS;
    }
}

sub drop {
    my ($fh) = @_;
    $select->remove($fh);
    delete $buffer{$fh};
    delete $last_seen{$fh};
    close $fh;
}

sub serve {
    my ($fh) = @_;
    while (1) {
        my $end = index($buffer{$fh}, "\r\n\r\n");
        if ($end < 0) {
            if (length $buffer{$fh} > $MAX_HEAD) {
                reply($fh, 431, { error => 'headers too large' }, 1);
                return;
            }
            return;
        }
        my $head = substr($buffer{$fh}, 0, $end);
        my ($line, @lines) = split /\r\n/, $head;
        my ($method, $target, $version) = split / /, $line // '';
        unless ($method && $target && $version && $version =~ m{^HTTP/1\.[01]$}) {
            reply($fh, 400, { error => 'bad request line' }, 1);
            return;
        }
        my %header;
        for (@lines) {
            my ($name, $value) = /^([^:]+):\s*(.*?)\s*$/ or next;
            $header{ lc $name } = $value;
        }
        if (exists $header{'transfer-encoding'}) {
            reply($fh, 411, { error => 'send a Content-Length, not a chunked body' }, 1);
            return;
        }
        my $length = $header{'content-length'} // 0;
        unless ($length =~ /^\d+$/) {
            reply($fh, 400, { error => 'bad Content-Length' }, 1);
            return;
        }
        if ($length > $MAX_BODY) {
            reply($fh, 413, { error => 'body too large' }, 1);
            return;
        }
        return if length($buffer{$fh}) < $end + 4 + $length;

        my $body = substr($buffer{$fh}, $end + 4, $length);
        substr($buffer{$fh}, 0, $end + 4 + $length) = '';
        my $close = lc($header{connection} // '') eq 'close' || $version eq 'HTTP/1.0';

        my ($status, $data) = eval { $api->handle($method, $target, $body) };
        unless (defined $status) {
            my $why = $@ || 'no answer';
            warn "rindle: $method $target failed: $why";
            ($status, $data) = (500, { error => 'internal server error' });
        }
        reply($fh, $status, $data, $close, $method eq 'HEAD');
        return if $close;
    }
}

sub reply {
    my ($fh, $status, $data, $close, $head_only) = @_;
    my $body = $api->encode($data);
    my $out = sprintf("HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"
            . "Connection: %s\r\n\r\n",
        $status, $REASON{$status} || 'Unknown', length $body, $close ? 'close' : 'keep-alive');
    $out .= $body unless $head_only;
    while (length $out) {
        my $sent = syswrite($fh, $out);
        last unless $sent;
        substr($out, 0, $sent) = '';
    }
    drop($fh) if $close;
}

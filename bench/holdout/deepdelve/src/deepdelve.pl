#!/usr/bin/env perl
# Deep Delve: a small roguelike behind a hand-rolled HTTP/1.1 server.
#   DELVE_PORT (default 8000) and HOST (default 127.0.0.1) say where it listens.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use IO::Socket::INET;
use IO::Select;
use JSON::PP ();
use Deepdelve::API;

my $MAX_HEADER = 16 * 1024;
my $MAX_BODY   = 256 * 1024;
my $IDLE_AFTER = 120;

my %REASON = (
    200 => 'OK', 400 => 'Bad Request', 404 => 'Not Found', 405 => 'Method Not Allowed',
    411 => 'Length Required', 413 => 'Payload Too Large', 500 => 'Internal Server Error',
);

my $host = $ENV{HOST} || '127.0.0.1';
my $port = $ENV{DELVE_PORT} || 8000;

$SIG{PIPE} = 'IGNORE';
$| = 1;

my $listener = IO::Socket::INET->new(
    LocalAddr => $host,
    LocalPort => $port,
    Proto     => 'tcp',
    Listen    => 128,
    ReuseAddr => 1,
) or die "deepdelve: cannot listen on $host:$port: $!\n";
$listener->blocking(0);

my $json = JSON::PP->new->utf8->canonical;
my $select = IO::Select->new($listener);
my %conn;    # fileno => { sock, buf, seen }

print "deepdelve listening on http://$host:$port/\n";

while (1) {
    for my $fh ($select->can_read(1)) {
        if ($fh == $listener) {
            while (my $sock = $listener->accept) {
                $sock->blocking(0);
                $select->add($sock);
                $conn{ fileno $sock } = { sock => $sock, buf => '', seen => time };
            }
            next;
        }
        my $c = $conn{ fileno $fh } or next;
        my $n = sysread($fh, my $chunk, 65536);
        if (!defined $n) {
            next if $!{EAGAIN} || $!{EWOULDBLOCK} || $!{EINTR};
            drop_conn($c);
            next;
        }
        if ($n == 0) {
            drop_conn($c);
            next;
        }
        $c->{buf} .= $chunk;
        $c->{seen} = time;
        serve($c);
    }
    my $now = time;
    for my $c (values %conn) {
        drop_conn($c) if $now - $c->{seen} > $IDLE_AFTER;
    }
}

sub drop_conn {
    my ($c) = @_;
    my $sock = $c->{sock};
    delete $conn{ fileno $sock } if defined fileno $sock;
    $select->remove($sock);
    close $sock;
}

# Answers every complete request in the connection's buffer.
sub serve {
    my ($c) = @_;
    while (1) {
        my $end = index($c->{buf}, "\r\n\r\n");
        if ($end < 0) {
            if (length $c->{buf} > $MAX_HEADER) {
                reply($c, 413, { error => 'headers too large' }, 1);
                return;
            }
            return;
        }
        my $head = substr($c->{buf}, 0, $end);
        my @lines = split /\r\n/, $head;
        my $request_line = shift(@lines) // '';
        my ($method, $target, $version) = $request_line =~ m{^([A-Z]+)\s+(\S+)\s+HTTP/(\d\.\d)$};
        unless ($method) {
            reply($c, 400, { error => 'bad request line' }, 1);
            return;
        }
        my %hdr;
        for my $line (@lines) {
            my ($k, $v) = $line =~ /^([^:]+):\s*(.*?)\s*$/ or next;
            $hdr{ lc $k } = $v;
        }
        if (($hdr{'transfer-encoding'} // '') =~ /chunked/i) {
            reply($c, 411, { error => 'send a Content-Length' }, 1);
            return;
        }
        my $length = $hdr{'content-length'} // 0;
        if ($length !~ /^\d+$/ || $length > $MAX_BODY) {
            reply($c, 413, { error => 'bad or too large Content-Length' }, 1);
            return;
        }
        return if length($c->{buf}) < $end + 4 + $length;
        my $body = substr($c->{buf}, $end + 4, $length);
        substr($c->{buf}, 0, $end + 4 + $length) = '';

        my $connection = lc($hdr{connection} // '');
        my $close = $version eq '1.0' ? $connection ne 'keep-alive' : $connection eq 'close';

        my ($status, $data) = eval { Deepdelve::API::dispatch($method, $target, $body) };
        if (!defined $status) {
            warn "deepdelve: $method $target failed: " . ($@ || 'no answer');
            ($status, $data) = (500, { error => 'internal error' });
        }
        reply($c, $status, $data, $close, $method eq 'HEAD');
        return if $close;
    }
}

sub reply {
    my ($c, $status, $data, $close, $head_only) = @_;
    my $body = $json->encode($data);
    my $out = "HTTP/1.1 $status " . ($REASON{$status} // 'OK') . "\r\n"
      . "Content-Type: application/json\r\n"
      . 'Content-Length: ' . length($body) . "\r\n"
      . 'Connection: ' . ($close ? 'close' : 'keep-alive') . "\r\n\r\n"
      . ($head_only ? '' : $body);
    my $sock = $c->{sock};
    my $wsel = IO::Select->new($sock);
    while (length $out) {
        my $n = syswrite($sock, $out);
        if (!defined $n) {
            if ($!{EAGAIN} || $!{EWOULDBLOCK} || $!{EINTR}) {
                last unless $wsel->can_write(5);
                next;
            }
            last;
        }
        substr($out, 0, $n) = '';
    }
    drop_conn($c) if $close;
}

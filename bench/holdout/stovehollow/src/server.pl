#!/usr/bin/perl
# Stovehollow's little HTTP server: the GBQA agent API, written by hand on
# top of IO::Socket::INET so the game needs nothing beyond core Perl.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use IO::Socket::INET;
use IO::Select;
use JSON::PP;
use B ();
use Stovehollow::Engine qw(new_bathhouse perform);

$SIG{PIPE} = 'IGNORE';
$| = 1;

my $HOST          = $ENV{HOST} // '0.0.0.0';
my $PORT          = $ENV{PORT} // 8000;
my $MAX_HEADER    = 16 * 1024;
my $MAX_BODY      = 64 * 1024;
my $MAX_COMMAND   = 500;
my $MAX_GAMES     = 5000;

my $JSON = JSON::PP->new->utf8->canonical;

my %games;        # game_id => { state => {...}, turn => n }
my @game_order;   # oldest first, so old games can be forgotten
my $next_id = 1;

my %STATUS_TEXT = (
    200 => 'OK', 400 => 'Bad Request', 404 => 'Not Found', 405 => 'Method Not Allowed',
    411 => 'Length Required', 413 => 'Payload Too Large', 415 => 'Unsupported Media Type',
    431 => 'Request Header Fields Too Large', 500 => 'Internal Server Error', 501 => 'Not Implemented',
);

sub is_string {
    my ($v) = @_;
    return 0 if !defined $v || ref $v;
    my $flags = B::svref_2object(\$v)->FLAGS;
    return ($flags & B::SVf_POK) && !($flags & (B::SVf_IOK | B::SVf_NOK)) ? 1 : 0;
}

sub new_game_id {
    my $id = sprintf('sh-%06d-%04x', $next_id++, int(rand(0x10000)));
    return $id;
}

sub remember_game {
    my ($id, $record) = @_;
    $games{$id} = $record;
    push @game_order, $id;
    while (@game_order > $MAX_GAMES) {
        delete $games{ shift @game_order };
    }
}

sub json_reply {
    my ($status, $data) = @_;
    return ($status, 'application/json', $JSON->encode($data));
}

sub error_reply {
    my ($status, $text) = @_;
    return json_reply($status, { error => $text });
}

# ---------------------------------------------------------------- routes

sub route {
    my ($method, $path, $body) = @_;
    $path =~ s/\?.*\z//;

    if ($path eq '/api/health' || $path eq '/healthz') {
        return error_reply(405, 'use GET') unless $method eq 'GET' || $method eq 'HEAD';
        return json_reply(200, { status => 'ok', game => 'stovehollow' });
    }
    if ($path eq '/') {
        return (200, 'text/plain; charset=utf-8',
            "Stovehollow - a mountain bathhouse through a winter week.\n"
          . "POST /api/agent/new, POST /api/agent/command, GET /api/agent/state/<game_id>\n");
    }
    if ($path eq '/api/agent/new') {
        return error_reply(405, 'use POST') unless $method eq 'POST';
        my $id = new_game_id();
        my $record = { state => new_bathhouse(), turn => 0 };
        remember_game($id, $record);
        return json_reply(200, {
            game_id => $id,
            message => 'You come up the last switchback to Stovehollow as the sun clears the ridge. '
                . 'Steam rises from the Hot Pool and the Warm Pool, the two iron stoves tick beneath them, '
                . 'and five guests are already stamping their boots at the gate. It is Monday; the week is yours '
                . 'to keep. Type help if you want some ideas.',
            state   => $record->{state},
        });
    }
    if ($path eq '/api/agent/command') {
        return error_reply(405, 'use POST') unless $method eq 'POST';
        my $data = eval { $JSON->decode($body) };
        return error_reply(400, 'body must be a JSON object') unless defined $data && ref $data eq 'HASH';
        my ($id, $command) = @{$data}{qw(game_id command)};
        return error_reply(400, 'game_id is required') unless defined $id;
        return error_reply(400, 'game_id must be a string') unless is_string($id);
        return error_reply(400, 'command is required') unless defined $command;
        return error_reply(400, 'command must be a string') unless is_string($command);
        return error_reply(400, 'command is too long') if length($command) > $MAX_COMMAND;
        my $record = $games{$id};
        return error_reply(404, 'no game with that game_id') unless $record;
        $record->{turn}++;
        my ($ok, $message);
        if ($command =~ /\S/) {
            ($ok, $message) = perform($record->{state}, $command);
        }
        else {
            ($ok, $message) = (0, 'You stand in the steam and say nothing. Type help for some ideas.');
        }
        return json_reply(200, {
            success   => $ok ? JSON::PP::true : JSON::PP::false,
            message   => $message,
            state     => $record->{state},
            game_over => $record->{state}{gameOver} ? JSON::PP::true : JSON::PP::false,
            turn      => $record->{turn},
        });
    }
    if ($path =~ m{\A/api/agent/state/([^/]*)\z}) {
        return error_reply(405, 'use GET') unless $method eq 'GET';
        my $id = $1;
        $id =~ s/%([0-9A-Fa-f]{2})/chr(hex($1))/ge;
        my $record = $games{$id};
        return error_reply(404, 'no game with that game_id') unless $record;
        return json_reply(200, { game_id => $id, state => $record->{state} });
    }
    return error_reply(404, 'not found');
}

# ---------------------------------------------------------------- HTTP

sub respond {
    my ($sock, $status, $type, $content, $keep_alive, $head_only) = @_;
    my $text = $STATUS_TEXT{$status} // 'Unknown';
    my $head = "HTTP/1.1 $status $text\r\n"
        . "Content-Type: $type\r\n"
        . 'Content-Length: ' . length($content) . "\r\n"
        . 'Connection: ' . ($keep_alive ? 'keep-alive' : 'close') . "\r\n\r\n";
    my $out = $head . ($head_only ? '' : $content);
    while (length $out) {
        my $wrote = syswrite($sock, $out);
        return 0 unless defined $wrote && $wrote > 0;
        substr($out, 0, $wrote, '');
    }
    return 1;
}

# Take one complete request off the front of the buffer, if there is one.
# Returns undef when more bytes are needed, or a hash describing it.
sub take_request {
    my ($bufref) = @_;
    my $end = index($$bufref, "\r\n\r\n");
    if ($end < 0) {
        return { error => 431 } if length($$bufref) > $MAX_HEADER;
        return undef;
    }
    my $head = substr($$bufref, 0, $end);
    my @lines = split /\r\n/, $head;
    my $first = shift @lines // '';
    my ($method, $target, $version) = $first =~ m{\A([A-Z]+) (\S+) (HTTP/\d\.\d)\z};
    return { error => 400, fatal => 1 } unless $method;
    my %h;
    for my $line (@lines) {
        my ($k, $v) = $line =~ /\A([^:]+):\s*(.*?)\s*\z/ or return { error => 400, fatal => 1 };
        $h{ lc $k } = $v;
    }
    return { error => 501, fatal => 1 } if ($h{'transfer-encoding'} // '') =~ /chunked/i;
    my $length = $h{'content-length'} // 0;
    return { error => 400, fatal => 1 } unless $length =~ /\A\d+\z/;
    return { error => 413, fatal => 1 } if $length > $MAX_BODY;
    return undef if length($$bufref) < $end + 4 + $length;
    my $body = substr($$bufref, $end + 4, $length);
    substr($$bufref, 0, $end + 4 + $length, '');
    my $conn = lc($h{connection} // '');
    my $keep = $version eq 'HTTP/1.1' ? $conn ne 'close' : $conn eq 'keep-alive';
    return { method => $method, path => $target, body => $body, keep => $keep };
}

sub handle {
    my ($req) = @_;
    my @reply = eval { route($req->{method}, $req->{path}, $req->{body}) };
    unless (@reply) {
        my $err = $@ || 'unknown error';
        print STDERR "error handling $req->{method} $req->{path}: $err";
        @reply = error_reply(500, 'internal server error');
    }
    return @reply;
}

my $listener = IO::Socket::INET->new(
    LocalAddr => $HOST,
    LocalPort => $PORT,
    Proto     => 'tcp',
    Listen    => 64,
    ReuseAddr => 1,
) or die "cannot listen on $HOST:$PORT: $!\n";
print "Stovehollow listening on $HOST:$PORT\n";

my $select = IO::Select->new($listener);
my %buffers;

sub drop {
    my ($sock) = @_;
    $select->remove($sock);
    delete $buffers{ fileno($sock) // -1 };
    close $sock;
}

while (1) {
    for my $sock ($select->can_read(5)) {
        if ($sock == $listener) {
            my $client = $listener->accept or next;
            $select->add($client);
            $buffers{ fileno $client } = '';
            next;
        }
        my $fd = fileno $sock;
        my $got = sysread($sock, my $chunk, 65536);
        if (!$got) {
            drop($sock);
            next;
        }
        $buffers{$fd} .= $chunk;
        while (1) {
            my $req = take_request(\$buffers{$fd});
            last unless $req;
            if ($req->{error}) {
                respond($sock, error_reply($req->{error}, 'bad request'), 0);
                drop($sock);
                last;
            }
            my @reply = handle($req);
            my $sent = respond($sock, @reply, $req->{keep}, $req->{method} eq 'HEAD');
            if (!$sent || !$req->{keep}) {
                drop($sock);
                last;
            }
        }
    }
}

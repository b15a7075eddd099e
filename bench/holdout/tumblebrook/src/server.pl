#!/usr/bin/env perl
# Tumblebrook: the HTTP front end. One process, one select() loop, many
# connections (HTTP/1.1 with keep-alive). The rules live in lib/Tumblebrook/Game.pm.

use strict;
use warnings;

use FindBin ();
use lib "$FindBin::Bin/lib";

use Errno qw(EAGAIN EINTR EWOULDBLOCK);
use IO::Select;
use IO::Socket::INET;
use JSON::PP ();
use Time::HiRes ();

use Tumblebrook::Game;

use constant {
    MAX_HEADER_BYTES => 16 * 1024,
    MAX_BODY_BYTES   => 64 * 1024,
    MAX_COMMAND      => 500,
    MAX_GAMES        => 2000,
    IDLE_SECONDS     => 120,
    READ_CHUNK       => 16 * 1024,
};

my %REASON = (
    200 => 'OK',
    400 => 'Bad Request',
    404 => 'Not Found',
    405 => 'Method Not Allowed',
    411 => 'Length Required',
    413 => 'Payload Too Large',
    415 => 'Unsupported Media Type',
    431 => 'Request Header Fields Too Large',
    500 => 'Internal Server Error',
    505 => 'HTTP Version Not Supported',
);

my $JSON = JSON::PP->new->utf8->canonical;

my %games;          # game id => Tumblebrook::Game
my @game_order;     # ids, oldest first, for eviction
my $game_counter = 0;

my $PAGE = do { local $/; <DATA> };

sub log_line {
    my ($fmt, @args) = @_;
    my @t = localtime;
    printf STDERR "[%04d-%02d-%02d %02d:%02d:%02d] $fmt\n", $t[5] + 1900, $t[4] + 1, @t[ 3, 2, 1, 0 ], @args;
}

# --- the API ---------------------------------------------------------------

sub json_reply {
    my ($status, $data) = @_;
    return ($status, 'application/json; charset=utf-8', $JSON->encode($data));
}

sub error_reply {
    my ($status, $text) = @_;
    return json_reply($status, { error => $text });
}

sub new_game {
    my $game = Tumblebrook::Game->new;
    my $id   = sprintf 'tb-%06d', ++$game_counter;
    $games{$id} = $game;
    push @game_order, $id;
    while (@game_order > MAX_GAMES) {
        delete $games{ shift @game_order };
    }
    return json_reply(200, { game_id => $id, message => $game->welcome, state => $game->state });
}

sub play_command {
    my ($body) = @_;
    my $data = eval { $JSON->decode($body) };
    return error_reply(400, 'the body must be a JSON object') unless defined $data && ref $data eq 'HASH';

    my ($id, $command) = @{$data}{qw(game_id command)};
    return error_reply(400, 'game_id is required') unless defined $id && !ref $id && length $id;
    return error_reply(400, 'command is required and must be a string') unless defined $command && !ref $command;
    return error_reply(400, sprintf 'command is longer than %d characters', MAX_COMMAND) if length $command > MAX_COMMAND;

    my $game = $games{$id};
    return error_reply(404, "no game with id $id") unless $game;

    my ($ok, $message) = $game->command($command);
    return json_reply(200, {
        success   => $ok ? JSON::PP::true : JSON::PP::false,
        message   => $message,
        state     => $game->state,
        game_over => $game->game_over ? JSON::PP::true : JSON::PP::false,
        turn      => $game->turn,
    });
}

sub game_state {
    my ($id) = @_;
    my $game = $games{$id};
    return error_reply(404, "no game with id $id") unless $game;
    return json_reply(200, { game_id => $id, state => $game->state });
}

sub route {
    my ($method, $path, $body) = @_;
    $path =~ s/\?.*\z//s;
    $path =~ s{%([0-9A-Fa-f]{2})}{chr hex $1}ge;

    if ($path eq '/' || $path eq '/index.html') {
        return error_reply(405, 'use GET') unless $method eq 'GET' || $method eq 'HEAD';
        return (200, 'text/html; charset=utf-8', $PAGE);
    }
    if ($path eq '/api/health') {
        return error_reply(405, 'use GET') unless $method eq 'GET' || $method eq 'HEAD';
        return json_reply(200, { status => 'ok', games => scalar keys %games });
    }
    if ($path eq '/api/agent/new') {
        return error_reply(405, 'use POST') unless $method eq 'POST';
        return new_game();
    }
    if ($path eq '/api/agent/command') {
        return error_reply(405, 'use POST') unless $method eq 'POST';
        return play_command($body);
    }
    if ($path =~ m{\A/api/agent/state/([^/]+)\z}) {
        my $id = $1;
        return error_reply(405, 'use GET') unless $method eq 'GET' || $method eq 'HEAD';
        return game_state($id);
    }
    return error_reply(404, "nothing at $path");
}

# --- HTTP ---------------------------------------------------------------------

my %conn;   # fileno => { sock, in, out, close_after, seen }

sub respond {
    my ($c, $status, $type, $payload, $head_only) = @_;
    my $keep = !$c->{close_after};
    my $head = sprintf "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCache-Control: no-store\r\nConnection: %s\r\n\r\n",
        $status, $REASON{$status} // 'Unknown', $type, length $payload, $keep ? 'keep-alive' : 'close';
    $c->{out} .= $head . ($head_only ? '' : $payload);
}

sub refuse {
    my ($c, $status, $text) = @_;
    $c->{close_after} = 1;
    respond($c, error_reply($status, $text));
    $c->{in} = '';
}

# Pull every complete request out of the connection's buffer and answer it.
sub serve_buffer {
    my ($c) = @_;
    while (!$c->{close_after}) {
        my $end = index $c->{in}, "\r\n\r\n";
        my $sep = 4;
        if ($end < 0) {
            $end = index $c->{in}, "\n\n";
            $sep = 2;
        }
        if ($end < 0) {
            refuse($c, 431, 'request head too large') if length $c->{in} > MAX_HEADER_BYTES;
            return;
        }
        return refuse($c, 431, 'request head too large') if $end > MAX_HEADER_BYTES;

        my $head = substr $c->{in}, 0, $end;
        my ($request_line, @lines) = split /\r?\n/, $head;
        $request_line //= '';
        my ($method, $target, $version) = $request_line =~ m{\A([A-Z]+) (\S+) HTTP/(\d\.\d)\z};
        return refuse($c, 400, 'malformed request line') unless defined $method;
        return refuse($c, 505, 'only HTTP/1.x is spoken here') unless $version =~ /\A1\./;

        my %header;
        for my $line (@lines) {
            my ($name, $value) = $line =~ /\A([^:\s]+):\s*(.*?)\s*\z/ or return refuse($c, 400, 'malformed header');
            $header{ lc $name } = $value;
        }
        return refuse($c, 411, 'chunked bodies are not supported; send Content-Length') if exists $header{'transfer-encoding'};

        my $length = $header{'content-length'} // 0;
        return refuse($c, 400, 'bad Content-Length') unless $length =~ /\A\d{1,9}\z/;
        return refuse($c, 413, 'request body too large') if $length > MAX_BODY_BYTES;
        return if length($c->{in}) < $end + $sep + $length;

        my $body = substr $c->{in}, $end + $sep, $length;
        substr($c->{in}, 0, $end + $sep + $length) = '';

        my $connection = lc($header{connection} // '');
        $c->{close_after} = 1 if $connection =~ /\bclose\b/ || ($version eq '1.0' && $connection !~ /\bkeep-alive\b/);

        my @reply = eval { route($method, $target, $body) };
        if (!@reply) {
            my $err = $@ || 'no reply';
            $err =~ s/\s+\z//;
            log_line('error: %s %s: %s', $method, $target, $err);
            @reply = error_reply(500, 'internal server error');
        }
        log_line('%s %s -> %d', $method, $target, $reply[0]);
        respond($c, @reply, $method eq 'HEAD');
    }
}

sub close_conn {
    my ($sel_r, $sel_w, $fd) = @_;
    my $c = delete $conn{$fd} or return;
    $sel_r->remove($c->{sock});
    $sel_w->remove($c->{sock});
    close $c->{sock};
}

sub flush_conn {
    my ($sel_r, $sel_w, $fd) = @_;
    my $c = $conn{$fd} or return;
    while (length $c->{out}) {
        my $n = syswrite $c->{sock}, $c->{out};
        if (!defined $n) {
            last if $! == EAGAIN || $! == EWOULDBLOCK || $! == EINTR;
            return close_conn($sel_r, $sel_w, $fd);
        }
        substr($c->{out}, 0, $n) = '';
    }
    if (length $c->{out}) {
        $sel_w->add($c->{sock}) unless $sel_w->exists($c->{sock});
        return;
    }
    $sel_w->remove($c->{sock}) if $sel_w->exists($c->{sock});
    close_conn($sel_r, $sel_w, $fd) if $c->{close_after};
}

sub main {
    my $host = $ENV{HOST} || '127.0.0.1';
    my $port = $ENV{TUMBLEBROOK_PORT} || 8000;
    $SIG{PIPE} = 'IGNORE';
    $| = 1;

    my $listener = IO::Socket::INET->new(
        LocalAddr => $host,
        LocalPort => $port,
        Proto     => 'tcp',
        Listen    => 128,
        ReuseAddr => 1,
    ) or die "tumblebrook: cannot listen on $host:$port: $@\n";
    $listener->blocking(0);
    log_line('Tumblebrook Travelling Circus listening on http://%s:%d/', $host, $port);

    my $sel_r = IO::Select->new($listener);
    my $sel_w = IO::Select->new;
    $SIG{TERM} = $SIG{INT} = sub { log_line('shutting down'); exit 0 };

    while (1) {
        my ($readable, $writable) = IO::Select->select($sel_r, $sel_w, undef, 1.0);
        my $now = Time::HiRes::time();

        for my $fh (@{ $readable // [] }) {
            if ($fh == $listener) {
                while (my $client = $listener->accept) {
                    $client->blocking(0);
                    $conn{ fileno $client } = { sock => $client, in => '', out => '', close_after => 0, seen => $now };
                    $sel_r->add($client);
                }
                next;
            }
            my $fd = fileno $fh;
            next unless defined $fd;
            my $c = $conn{$fd};
            next unless $c && $c->{sock} == $fh;
            my $n  = sysread $fh, my $chunk, READ_CHUNK;
            if (!defined $n) {
                next if $! == EAGAIN || $! == EWOULDBLOCK || $! == EINTR;
                close_conn($sel_r, $sel_w, $fd);
                next;
            }
            if ($n == 0) {
                close_conn($sel_r, $sel_w, $fd);
                next;
            }
            $c->{seen} = $now;
            $c->{in} .= $chunk unless $c->{close_after};
            serve_buffer($c);
            flush_conn($sel_r, $sel_w, $fd);
        }

        for my $fh (@{ $writable // [] }) {
            flush_conn($sel_r, $sel_w, fileno $fh) if defined fileno $fh;
        }

        for my $fd (keys %conn) {
            close_conn($sel_r, $sel_w, $fd) if $now - $conn{$fd}{seen} > IDLE_SECONDS;
        }
    }
}

main() unless caller;

1;

__DATA__
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tumblebrook Travelling Circus</title>
<style>
  body { font-family: Georgia, serif; background: #2b1b17; color: #f6ead2; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { color: #f2b632; letter-spacing: 0.05em; }
  #log { background: #3d2620; border: 2px solid #a33b20; padding: 1rem; height: 24rem; overflow-y: auto; white-space: pre-wrap; }
  #log .you { color: #f2b632; }
  form { display: flex; gap: 0.5rem; margin-top: 0.75rem; }
  input { flex: 1; font: inherit; padding: 0.4rem; }
  button { font: inherit; background: #a33b20; color: #fff; border: 0; padding: 0.4rem 1rem; }
</style>
</head>
<body>
<h1>Tumblebrook Travelling Circus</h1>
<div id="log"></div>
<form id="form"><input id="cmd" autocomplete="off" placeholder="hire the juggler" autofocus><button>Say it</button></form>
<script>
  const log = document.getElementById('log');
  let gameId = null;
  function say(text, cls) {
    const p = document.createElement('p');
    if (cls) p.className = cls;
    p.textContent = text;
    log.appendChild(p);
    log.scrollTop = log.scrollHeight;
  }
  fetch('/api/agent/new', {method: 'POST'}).then(r => r.json()).then(d => { gameId = d.game_id; say(d.message); });
  document.getElementById('form').addEventListener('submit', e => {
    e.preventDefault();
    const input = document.getElementById('cmd');
    const command = input.value.trim();
    if (!command || !gameId) return;
    input.value = '';
    say('> ' + command, 'you');
    fetch('/api/agent/command', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({game_id: gameId, command})})
      .then(r => r.json()).then(d => say(d.message || d.error)).catch(() => say('The circus does not answer.'));
  });
</script>
</body>
</html>

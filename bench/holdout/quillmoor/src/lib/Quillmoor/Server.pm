package Quillmoor::Server;

# A small HTTP/1.1 server (keep-alive, one process, many connections through select) for the agent API.

use strict;
use warnings;

use IO::Select;
use IO::Socket::INET;
use JSON::PP ();
use Socket qw(IPPROTO_TCP TCP_NODELAY);

use Quillmoor::Game;

use constant {
    MAX_HEAD     => 65536,
    MAX_BODY     => 1048576,
    IDLE_SECONDS => 300,
    MAX_GAMES    => 5000,
};

my $JSON = JSON::PP->new->utf8->canonical;

my %REASON = (
    200 => 'OK',
    400 => 'Bad Request',
    404 => 'Not Found',
    405 => 'Method Not Allowed',
    413 => 'Payload Too Large',
    431 => 'Request Header Fields Too Large',
    500 => 'Internal Server Error',
    501 => 'Not Implemented',
);

my %GAMES;
my @GAME_IDS;
my $GAMES_STARTED = 0;

sub error { my ( $status, $text ) = @_; return ( $status, { error => $text } ) }

sub reply_for {
    my ( $id, $message, $success ) = @_;
    my $state = $GAMES{$id};
    my %reply = ( game_id => $id, state => $state, turn => $state->{turn}, game_over => $state->{game_over} );
    $reply{message} = $message                                    if defined $message;
    $reply{success} = $success ? JSON::PP::true : JSON::PP::false if defined $success;
    return \%reply;
}

sub new_game {
    my $id = sprintf 'qm-%06d', ++$GAMES_STARTED;
    $GAMES{$id} = Quillmoor::Game::new_state();
    push @GAME_IDS, $id;
    delete $GAMES{ shift @GAME_IDS } while @GAME_IDS > MAX_GAMES;
    return ( 200, reply_for( $id, Quillmoor::Game::intro( $GAMES{$id} ), 1 ) );
}

sub play {
    my ($body) = @_;
    my $request = eval { $JSON->decode( $body // '' ) };
    return error( 400, 'the body must be a JSON object' ) unless ref $request eq 'HASH';
    my ( $id, $command ) = @{$request}{qw(game_id command)};
    return error( 400, 'game_id must be a string' ) if !defined $id || ref $id;
    return error( 400, 'command must be a string' ) if !defined $command || ref $command;
    return error( 404, 'unknown game_id' ) unless $GAMES{$id};
    my ( $message, $success ) = Quillmoor::Game::command( $GAMES{$id}, "$command" );
    return ( 200, reply_for( $id, $message, $success ) );
}

# (status, reply) for one request; dies only on a fault of the game itself.
sub dispatch {
    my ( $method, $target, $body ) = @_;
    ( my $path = $target ) =~ s/\?.*//s;
    if ( $path eq '/healthz' ) {
        return error( 405, 'use GET' ) unless $method eq 'GET' || $method eq 'HEAD';
        return ( 200, { status => 'ok' } );
    }
    if ( $path eq '/api/agent/new' ) {
        return error( 405, 'use POST' ) unless $method eq 'POST';
        return new_game();
    }
    if ( $path eq '/api/agent/command' ) {
        return error( 405, 'use POST' ) unless $method eq 'POST';
        return play($body);
    }
    if ( $path =~ m{^/api/agent/state/([^/]+)$} ) {
        return error( 405, 'use GET' ) unless $method eq 'GET';
        ( my $id = $1 ) =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
        return error( 404, 'unknown game_id' ) unless $GAMES{$id};
        return ( 200, reply_for($id) );
    }
    return error( 404, 'no such path' );
}

sub send_reply {
    my ( $sock, $status, $reply, $keep, $head_only ) = @_;
    my $body = $JSON->encode($reply);
    my $out  = join "\r\n",
        "HTTP/1.1 $status $REASON{$status}",
        'Content-Type: application/json',
        'Content-Length: ' . length($body),
        'Connection: ' . ( $keep ? 'keep-alive' : 'close' ),
        '', '';
    $out .= $body unless $head_only;
    while ( length $out ) {
        my $written = syswrite $sock, $out;
        return 0 unless $written;
        substr( $out, 0, $written, '' );
    }
    return 1;
}

# Answers every complete request in the connection's buffer; false when the connection must close.
sub serve_buffer {
    my ($conn) = @_;
    while (1) {
        my $end = index $conn->{buf}, "\r\n\r\n";
        if ( $end < 0 ) {
            return 1 if length $conn->{buf} <= MAX_HEAD;
            send_reply( $conn->{sock}, error( 431, 'request head too large' ), 0 );
            return 0;
        }
        my ( $line, @fields ) = split /\r\n/, substr( $conn->{buf}, 0, $end );
        my ( $method, $target, $version ) = ( $line // '' ) =~ m{^([A-Z]+) (\S+) HTTP/(1\.[01])$};
        unless ($method) {
            send_reply( $conn->{sock}, error( 400, 'not an HTTP/1.x request' ), 0 );
            return 0;
        }
        my %header;
        for (@fields) {
            $header{ lc $1 } = $2 if /^([^:\s]+):\s*(.*?)\s*$/;
        }
        if ( exists $header{'transfer-encoding'} ) {
            send_reply( $conn->{sock}, error( 501, 'send a Content-Length, not a transfer encoding' ), 0 );
            return 0;
        }
        my $length = $header{'content-length'} // 0;
        if ( $length !~ /^\d{1,9}$/ || $length > MAX_BODY ) {
            send_reply( $conn->{sock}, error( 413, 'bad or too large Content-Length' ), 0 );
            return 0;
        }
        return 1 if length $conn->{buf} < $end + 4 + $length;
        my $body = substr $conn->{buf}, $end + 4, $length;
        substr( $conn->{buf}, 0, $end + 4 + $length, '' );

        my ( $status, $reply ) = eval { dispatch( $method, $target, $body ) };
        unless ($status) {
            print STDERR "quillmoor: $@";
            ( $status, $reply ) = error( 500, 'internal server error' );
        }
        my $asked = lc( $header{connection} // '' );
        my $keep  = $version eq '1.1' ? $asked ne 'close' : $asked eq 'keep-alive';
        send_reply( $conn->{sock}, $status, $reply, $keep, $method eq 'HEAD' ) or return 0;
        return 0 unless $keep;
    }
}

sub run {
    my ($port) = @_;
    local $SIG{PIPE} = 'IGNORE';
    my $listener = IO::Socket::INET->new(
        LocalAddr => '0.0.0.0',
        LocalPort => $port,
        Proto     => 'tcp',
        Listen    => 128,
        ReuseAddr => 1,
    ) or die "quillmoor: cannot listen on port $port: $!\n";
    my $select = IO::Select->new($listener);
    my %conns;
    print STDERR "quillmoor: listening on port $port\n";
    while (1) {
        my $now = time;
        for my $sock ( $select->can_read(5) ) {
            if ( $sock == $listener ) {
                my $client = $listener->accept or next;
                setsockopt $client, IPPROTO_TCP, TCP_NODELAY, 1;
                $select->add($client);
                $conns{ fileno $client } = { sock => $client, buf => '', seen => $now };
                next;
            }
            my $conn = $conns{ fileno $sock };
            my $got  = sysread $sock, my $chunk, 65536;
            my $keep = $got && do {
                $conn->{buf} .= $chunk;
                $conn->{seen} = $now;
                serve_buffer($conn);
            };
            next if $keep;
            delete $conns{ fileno $sock };
            $select->remove($sock);
            close $sock;
        }
        for my $conn ( grep { $now - $_->{seen} > IDLE_SECONDS } values %conns ) {
            delete $conns{ fileno $conn->{sock} };
            $select->remove( $conn->{sock} );
            close $conn->{sock};
        }
    }
}

1;

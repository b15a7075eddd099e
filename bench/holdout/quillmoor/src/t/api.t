use strict;
use warnings;
use JSON::PP ();
use Test::More;

use Quillmoor::Server;

my $json = JSON::PP->new->utf8->canonical;

sub call {
    my ( $method, $path, $body ) = @_;
    my ( $status, $reply ) = Quillmoor::Server::dispatch( $method, $path, defined $body ? $json->encode($body) : '' );
    return ( $status, $reply );
}

my ( $status, $reply ) = call( GET => '/healthz' );
is $status, 200, 'health answers';

( $status, $reply ) = call( POST => '/api/agent/new' );
is $status, 200, 'a new game';
my $id = $reply->{game_id};
ok $id, 'with a game_id';
is $reply->{state}{loc}, 'cottage';
like $reply->{message}, qr/QUILLMOOR/;

( $status, $reply ) = call( POST => '/api/agent/command', { game_id => $id, command => 'go meadow' } );
is $status, 200;
ok $reply->{success};
is $reply->{state}{loc}, 'meadow';
is $reply->{turn}, 1;

( $status, $reply ) = call( POST => '/api/agent/command', { game_id => $id, command => 'dance' } );
is $status, 200, 'an unknown command is a refusal, not an error';
ok !$reply->{success};

( $status, $reply ) = call( GET => "/api/agent/state/$id" );
is $status, 200;
is $reply->{state}{turn}, 2;

( $status, $reply ) = call( POST => '/api/agent/command', { game_id => 'nope', command => 'look' } );
is $status, 404, 'unknown game';
( $status, $reply ) = call( POST => '/api/agent/command', { game_id => $id } );
is $status, 400, 'missing command';
( $status, $reply ) = Quillmoor::Server::dispatch( POST => '/api/agent/command', '{not json' );
is $status, 400, 'a body that is not JSON';
( $status, $reply ) = call( GET => '/api/agent/state/nope' );
is $status, 404;
( $status, $reply ) = call( GET => '/nowhere' );
is $status, 404;

done_testing;

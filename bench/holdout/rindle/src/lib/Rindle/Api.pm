package Rindle::Api;

# The agent API, without the sockets: handle() takes a method, a request
# target and a body, and gives back a status and a hash to send as JSON.

use strict;
use warnings;

use JSON::PP ();
use Rindle::Cave;

our $MAX_GAMES = 2000;

my $JSON = JSON::PP->new->utf8->canonical;

sub new {
    my ($class) = @_;
    return bless { games => {}, order => [], made => 0 }, $class;
}

sub encode { my (undef, $data) = @_; return $JSON->encode($data) }

sub _error { my ($status, $text) = @_; return ($status, { error => $text }) }

sub handle {
    my ($self, $method, $target, $body) = @_;
    my ($path) = split /\?/, $target, 2;
    $path = '/' if !defined $path || $path eq '';

    if ($path eq '/healthz') {
        return _error(405, 'use GET') unless $method eq 'GET' || $method eq 'HEAD';
        return (200, { status => 'ok', games => scalar keys %{ $self->{games} } });
    }
    if ($path eq '/api/agent/new') {
        return _error(405, 'use POST') unless $method eq 'POST';
        return (200, $self->_new_game);
    }
    if ($path eq '/api/agent/command') {
        return _error(405, 'use POST') unless $method eq 'POST';
        return $self->_command($body);
    }
    if ($path =~ m{^/api/agent/state/([^/]+)$}) {
        return _error(405, 'use GET') unless $method eq 'GET';
        my $id = $1;
        $id =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
        my $game = $self->{games}{$id};
        return _error(404, "no game with id $id") unless $game;
        return (200, { game_id => $id, state => $game->state });
    }
    return _error(404, "nothing at $path");
}

sub _new_game {
    my ($self) = @_;
    my $id = sprintf('rindle-%d', ++$self->{made});
    my $game = Rindle::Cave->new;
    $self->{games}{$id} = $game;
    push @{ $self->{order} }, $id;
    while (@{ $self->{order} } > $MAX_GAMES) {
        delete $self->{games}{ shift @{ $self->{order} } };
    }
    return { game_id => $id, message => $game->intro, state => $game->state };
}

sub _command {
    my ($self, $body) = @_;
    return _error(400, 'send a JSON object with game_id and command') unless defined $body && length $body;
    my $request = eval { $JSON->decode($body) };
    return _error(400, 'the body is not JSON') unless defined $request;
    return _error(400, 'send a JSON object with game_id and command') unless ref $request eq 'HASH';
    my ($id, $command) = @{$request}{qw(game_id command)};
    return _error(400, 'game_id is missing') unless defined $id && !ref $id;
    return _error(400, 'command is missing') unless defined $command;
    return _error(400, 'command must be a string') if ref $command;
    my $game = $self->{games}{$id};
    return _error(404, "no game with id $id") unless $game;

    my $reply = $game->command($command);
    return (200, {
        success   => $reply->{success} ? JSON::PP::true : JSON::PP::false,
        message   => $reply->{message},
        state     => $game->state,
        game_over => $game->over ? JSON::PP::true : JSON::PP::false,
        turn      => 0 + $game->turn,
    });
}

1;

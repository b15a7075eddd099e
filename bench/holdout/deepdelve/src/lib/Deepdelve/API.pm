package Deepdelve::API;

# The agent API: routes a parsed request to the game and says what to answer.
# dispatch() returns (status, data); the server turns data into JSON.

use strict;
use warnings;
use JSON::PP ();
use Deepdelve::Game;

our $MAX_GAMES = 500;

my %games;
my @order;
my $counter = 0;
my $json = JSON::PP->new->utf8;

sub reset_games {
    %games   = ();
    @order   = ();
    $counter = 0;
}

sub dispatch {
    my ($method, $path, $body) = @_;
    $path =~ s/\?.*//s;

    if ($path eq '/health' || $path eq '/api/health') {
        return (405, { error => 'method not allowed' }) unless $method eq 'GET' || $method eq 'HEAD';
        return (200, { status => 'ok', game => 'deepdelve' });
    }
    if ($path eq '/') {
        return (405, { error => 'method not allowed' }) unless $method eq 'GET' || $method eq 'HEAD';
        return (200, {
            game      => 'deepdelve',
            endpoints => ['POST /api/agent/new', 'POST /api/agent/command', 'GET /api/agent/state/{game_id}'],
        });
    }
    if ($path eq '/api/agent/new') {
        return (405, { error => 'method not allowed' }) unless $method eq 'POST';
        return new_game();
    }
    if ($path eq '/api/agent/command') {
        return (405, { error => 'method not allowed' }) unless $method eq 'POST';
        return command($body);
    }
    if ($path =~ m{^/api/agent/state/([^/]+)$}) {
        return (405, { error => 'method not allowed' }) unless $method eq 'GET' || $method eq 'HEAD';
        my $g = $games{$1} or return (404, { error => 'unknown game_id' });
        return (200, { game_id => $1, state => Deepdelve::Game::state($g) });
    }
    return (404, { error => 'not found' });
}

sub new_game {
    my ($g, $intro) = Deepdelve::Game::new_game();
    my $id = 'delve-' . ++$counter;
    $games{$id} = $g;
    push @order, $id;
    delete $games{ shift @order } while @order > $MAX_GAMES;
    return (200, { game_id => $id, message => $intro, state => Deepdelve::Game::state($g) });
}

sub command {
    my ($body) = @_;
    my $req = eval { $json->decode(defined $body && length $body ? $body : '') };
    return (400, { error => 'body must be a JSON object' }) unless ref $req eq 'HASH';
    my $id = $req->{game_id};
    my $text = $req->{command};
    return (400, { error => 'game_id is required' }) if !defined $id || ref $id;
    return (400, { error => 'command must be a string' }) if !defined $text || ref $text;
    my $g = $games{$id} or return (404, { error => 'unknown game_id' });

    my ($ok, $message) = Deepdelve::Game::command($g, $text);
    return (200, {
        success   => $ok ? JSON::PP::true : JSON::PP::false,
        message   => $message,
        state     => Deepdelve::Game::state($g),
        game_over => Deepdelve::Game::game_over($g) ? JSON::PP::true : JSON::PP::false,
        turn      => $g->{turn},
    });
}

1;

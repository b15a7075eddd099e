use strict;
use warnings;

use FindBin ();
use HTTP::Tiny;
use IO::Socket::INET;
use JSON::PP ();
use Test::More;
use Time::HiRes qw(sleep);

my $root = "$FindBin::Bin/..";
my $port = do {
    my $probe = IO::Socket::INET->new(LocalAddr => '127.0.0.1', LocalPort => 0, Listen => 1, Proto => 'tcp')
        or die "no free port: $@";
    my $p = $probe->sockport;
    close $probe;
    $p;
};

my $pid = fork // die "fork: $!";
if (!$pid) {
    $ENV{HOST}             = '127.0.0.1';
    $ENV{TUMBLEBROOK_PORT} = $port;
    open STDERR, '>', '/dev/null';
    exec $^X, "$root/server.pl" or die "exec: $!";
}
END { kill 'TERM', $pid if $pid; waitpid $pid, 0 if $pid }

my $http = HTTP::Tiny->new(timeout => 5);
my $base = "http://127.0.0.1:$port";
my $json = JSON::PP->new->utf8;

my $up;
for (1 .. 100) {
    my $res = $http->get("$base/api/health");
    if ($res->{status} == 200) { $up = 1; last }
    sleep 0.1;
}
ok $up, 'the server answers its health check' or BAIL_OUT('server did not start');

sub post {
    my ($path, $body) = @_;
    my $res = $http->post("$base$path", {
        headers => { 'Content-Type' => 'application/json' },
        content => defined $body ? (ref $body ? $json->encode($body) : $body) : '',
    });
    my $data = eval { $json->decode($res->{content}) };
    return ($res->{status}, $data);
}

my ($status, $new) = post('/api/agent/new');
is $status, 200, 'a new game';
ok defined $new->{game_id}, 'with an id';
like $new->{message}, qr/Tumblebrook/, 'and a welcome';
is $new->{state}{'Purse'}, 120, 'and a state';
my $id = $new->{game_id};

($status, my $reply) = post('/api/agent/command', { game_id => $id, command => 'hire the juggler' });
is $status, 200, 'a command';
ok $reply->{success}, 'is accepted';
is $reply->{turn}, 1, 'turn 1';
ok !$reply->{game_over}, 'not over';
is $reply->{state}{'Purse'}, 100, 'the state comes back';
like $reply->{message}, qr/JUGGLER/, 'the message names him';

($status, $reply) = post('/api/agent/command', { game_id => $id, command => 'dance a jig' });
is $status, 200, 'an unknown sentence is still a turn';
ok !$reply->{success}, 'but refused';

my $res = $http->get("$base/api/agent/state/$id");
is $res->{status}, 200, 'the state';
my $state = $json->decode($res->{content});
is $state->{game_id}, $id, 'of this game';
is $state->{state}{'Troupe'}{'Juggler'}{'Wage'}, 8, 'with the juggler in it';

is((post('/api/agent/command', 'not json'))[0], 400, 'not JSON: 400');
is((post('/api/agent/command', '[1,2]'))[0], 400, 'not an object: 400');
is((post('/api/agent/command', { command => 'look' }))[0], 400, 'no game_id: 400');
is((post('/api/agent/command', { game_id => $id }))[0], 400, 'no command: 400');
is((post('/api/agent/command', { game_id => $id, command => [1] }))[0], 400, 'a command that is not a string: 400');
is((post('/api/agent/command', { game_id => 'nope', command => 'look' }))[0], 404, 'unknown game: 404');
is $http->get("$base/api/agent/state/nope")->{status}, 404, 'unknown game state: 404';
is $http->get("$base/api/agent/command")->{status}, 405, 'GET on command: 405';
is $http->get("$base/nowhere")->{status}, 404, 'unknown path: 404';
is $http->get("$base/")->{status}, 200, 'the play page';

($status, $reply) = post('/api/agent/command', { game_id => $id, command => "send the juggler to \x{ab}Dunmere\x{bb}" });
is $status, 200, 'guillemets in a command';
ok $reply->{success}, 'are understood';

done_testing;

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Test::More;
use JSON::PP;
use Deepdelve::API;

my $json = JSON::PP->new->utf8;

my ($status, $data) = Deepdelve::API::dispatch('GET', '/health', '');
is $status, 200;

($status, $data) = Deepdelve::API::dispatch('POST', '/api/agent/new', '');
is $status, 200;
my $id = $data->{game_id};
ok $id;
like $data->{message}, qr/Press \? for help/;
is $data->{state}{depth}, 1;

($status, $data) = Deepdelve::API::dispatch('POST', '/api/agent/command',
    $json->encode({ game_id => $id, command => 'l' }));
is $status, 200;
ok $data->{success};
ok !$data->{game_over};
is $data->{turn}, 1;
is $data->{state}{hero}{x}, 3;

($status, $data) = Deepdelve::API::dispatch('GET', "/api/agent/state/$id", '');
is $status, 200;
is $data->{game_id}, $id;
is $data->{state}{turn}, 1;

($status) = Deepdelve::API::dispatch('GET', '/api/agent/state/nope', '');
is $status, 404;
($status) = Deepdelve::API::dispatch('POST', '/api/agent/command', 'not json');
is $status, 400;
($status) = Deepdelve::API::dispatch('POST', '/api/agent/command', '[1,2]');
is $status, 400;
($status) = Deepdelve::API::dispatch('POST', '/api/agent/command', $json->encode({ game_id => $id }));
is $status, 400;
($status) = Deepdelve::API::dispatch('POST', '/api/agent/command', $json->encode({ command => 'l' }));
is $status, 400;
($status) = Deepdelve::API::dispatch('POST', '/api/agent/command', $json->encode({ game_id => 'x', command => 'l' }));
is $status, 404;
($status) = Deepdelve::API::dispatch('GET', '/api/agent/command', '');
is $status, 405;
($status) = Deepdelve::API::dispatch('GET', '/nowhere', '');
is $status, 404;

done_testing;

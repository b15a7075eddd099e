use strict;
use warnings;

use FindBin;
use lib "$FindBin::Bin/../lib";

use Test::More;
use JSON::PP ();
use Rindle::Api;

my $api = Rindle::Api->new;

sub call {
    my ($method, $path, $body) = @_;
    $body = JSON::PP::encode_json($body) if ref $body;
    return $api->handle($method, $path, $body);
}

my ($status, $data) = call(GET => '/healthz');
is $status, 200;
is $data->{status}, 'ok';

($status, $data) = call(POST => '/api/agent/new');
is $status, 200;
my $id = $data->{game_id};
ok $id;
like $data->{message}, qr/cheese cave/;
is $data->{state}{place}, 'dairy';

($status, $data) = call(POST => '/api/agent/command', { game_id => $id, command => 'make 20' });
is $status, 200;
ok $data->{success};
ok !$data->{game_over};
is $data->{turn}, 1;
is $data->{state}{wheels}{1}{kg}, 2;

($status, $data) = call(POST => '/api/agent/command', { game_id => $id, command => 'juggle' });
is $status, 200;
ok !$data->{success};
is $data->{turn}, 2;

($status, $data) = call(GET => "/api/agent/state/$id");
is $status, 200;
is $data->{game_id}, $id;
is $data->{state}{wheels}{1}{where}, 'dairy';

my $json = $api->encode($data);
like $json, qr/"kg":2\b/, 'numbers stay numbers';
like $json, qr/"stock":\[\["milk_l",40\]/;

is((call(POST => '/api/agent/command', 'not json'))[0], 400);
is((call(POST => '/api/agent/command', ''))[0], 400);
is((call(POST => '/api/agent/command', [1, 2]))[0], 400);
is((call(POST => '/api/agent/command', { game_id => $id }))[0], 400);
is((call(POST => '/api/agent/command', { command => 'help' }))[0], 400);
is((call(POST => '/api/agent/command', { game_id => $id, command => { a => 1 } }))[0], 400);
is((call(POST => '/api/agent/command', { game_id => 'nope', command => 'help' }))[0], 404);
is((call(GET => '/api/agent/state/nope'))[0], 404);
is((call(GET => '/api/agent/command'))[0], 405);
is((call(GET => '/elsewhere'))[0], 404);

done_testing;

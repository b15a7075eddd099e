use strict;
use warnings;
use utf8;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Stovehollow::Engine qw(new_bathhouse perform);

sub fresh { new_bathhouse() }
sub hot  { $_[0]{pools}[0] }
sub warm { $_[0]{pools}[1] }

subtest 'a new week' => sub {
    my $g = fresh();
    is($g->{dayOfWeek}, 'Monday');
    is($g->{hour}, 8);
    is($g->{coinPurse}, 20);
    is($g->{coinTarget}, 230);
    is($g->{roofCondition}, 58);
    is($g->{guestsWaiting}, 5);
    is_deeply($g->{woodPile}, { unsplit => 64, split => 2 });
    is($g->{logsAtStove}, 4);
    is(hot($g)->{name}, 'Hot Pool');
    is_deeply([ map { [ $_->{tempC}, $_->{minC}, $_->{maxC} ] } @{ $g->{pools} } ], [ [ 41, 39, 43 ], [ 35, 33, 37 ] ]);
    ok(!$g->{won});
    ok($g->{bathhouseOpen});
};

subtest 'help and look' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'help');
    ok($ok);
    like($msg, qr/You might try things like/);
    like($msg, qr/docs/);
    ($ok, $msg) = perform($g, '?');
    like($msg, qr/split a few logs/);
    ($ok, $msg) = perform($g, 'look');
    ok($ok);
    like($msg, qr/Monday, 8:00/);
    like($msg, qr/Hot Pool steams at 41°C/);
    ($ok, $msg) = perform($g, 'dance a jig');
    ok(!$ok, 'unknown sentence refused');
};

subtest 'splitting and carrying' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'split four logs');
    ok($ok, $msg);
    is($g->{woodPile}{unsplit}, 60);
    is($g->{woodPile}{split}, 6);
    is($g->{hour}, 9, 'splitting takes an hour');
    is(hot($g)->{tempC}, 40, 'pools cool a degree an hour');
    ($ok, $msg) = perform($g, 'split seven logs');
    ok(!$ok, 'at most six at once');
    ($ok, $msg) = perform($g, 'carry five logs to the stove');
    ok($ok, $msg);
    is($g->{woodPile}{split}, 1);
    is($g->{logsAtStove}, 9);
    ($ok, $msg) = perform($g, 'carry six logs to the stove');
    ok(!$ok, 'at most five a trip');
    ($ok, $msg) = perform($g, 'carry logs to the stove');
    ok($ok, $msg);
    is($g->{woodPile}{split}, 0);
    is($g->{logsAtStove}, 10);
    ($ok, $msg) = perform($g, 'carry logs to the stove');
    ok(!$ok, 'nothing split to carry');
};

subtest 'the stove stack holds twelve' => sub {
    my $g = fresh();
    perform($g, 'split six logs');
    perform($g, 'split six logs');
    perform($g, 'carry five logs to the stove');
    is($g->{logsAtStove}, 9);
    my ($ok, $msg) = perform($g, 'carry five logs to the stove');
    ok($ok, $msg);
    is($g->{logsAtStove}, 12);
    is($g->{woodPile}{split}, 14 - 5 - 3);
    ($ok, $msg) = perform($g, 'carry a log to the stove');
    ok(!$ok, 'stack full');
};

subtest 'feeding the stoves' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'put 2 logs in the big stove');
    ok($ok, $msg);
    is(hot($g)->{tempC}, 47);
    is($g->{logsAtStove}, 2);
    is($g->{hour}, 8, 'feeding takes no time');
    ($ok, $msg) = perform($g, 'stoke the small stove');
    ok($ok, $msg);
    is(warm($g)->{tempC}, 37);
    is($g->{logsBurned}, 3);
    ($ok, $msg) = perform($g, 'put five logs in the small stove');
    ok(!$ok, 'firebox takes four');
    ($ok, $msg) = perform($g, 'put a log in the stove');
    ok(!$ok, 'which stove?');
    ($ok, $msg) = perform($g, 'shovel snow into the hot pool');
    ok($ok, $msg);
    is(hot($g)->{tempC}, 42, 'snow cools by four, the hour by one');
};

subtest 'letting guests in' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'let the guests into the hot pool');
    ok($ok, $msg);
    is(hot($g)->{bathers}, 4, 'capacity four');
    is($g->{guestsWaiting}, 1);
    is($g->{coinPurse}, 20 + 24);
    ($ok, $msg) = perform($g, 'let a guest into the hot pool');
    ok(!$ok, 'full pool refuses');
    is($g->{coinPurse}, 44);
    ($ok, $msg) = perform($g, 'let one guest into the warm pool');
    ok($ok, $msg);
    is($g->{coinPurse}, 48);
    is($g->{guestsServed}, 5);
    ($ok, $msg) = perform($g, 'let a guest into the warm pool');
    ok(!$ok, 'nobody left waiting');
};

subtest 'cold pool refuses guests' => sub {
    my $g = fresh();
    perform($g, 'wait three hours');
    is($g->{hour}, 11);
    is(hot($g)->{tempC}, 38);
    my ($ok, $msg) = perform($g, 'let two guests into the hot pool');
    ok(!$ok, $msg);
    is(hot($g)->{bathers}, 0);
};

subtest 'bathers leave and take their money back when a pool cools out of band' => sub {
    my $g = fresh();
    perform($g, 'let two guests into the hot pool');
    is($g->{coinPurse}, 32);
    perform($g, 'wait two hours');
    is(hot($g)->{bathers}, 2, 'still in band at 39');
    my ($ok, $msg) = perform($g, 'wait an hour');
    like($msg, qr/demand their 12 coins back/);
    is(hot($g)->{bathers}, 0);
    is($g->{coinPurse}, 20);
    is($g->{guestsServed}, 0);
};

subtest 'nightfall' => sub {
    my $g = fresh();
    perform($g, 'let four guests into the hot pool');
    my ($ok, $msg) = perform($g, 'close up for the night');
    ok($ok, $msg);
    is($g->{dayOfWeek}, 'Tuesday');
    is($g->{dayNumber}, 2);
    is($g->{hour}, 8);
    is(hot($g)->{tempC}, 33);
    is(warm($g)->{tempC}, 27);
    is(hot($g)->{bathers}, 0);
    is($g->{guestsWaiting}, 4);
    is($g->{roofCondition}, 54);
    is($g->{coinPurse}, 44);
    ($ok, $msg) = perform($g, 'look');
    ok($ok, 'look on Tuesday');
};

subtest 'the day ends by itself at six' => sub {
    my $g = fresh();
    perform($g, 'wait nine hours');
    is($g->{hour}, 17);
    my ($ok, $msg) = perform($g, 'mend the roof');
    ok(!$ok, 'not enough daylight to mend');
    ($ok, $msg) = perform($g, 'split a log');
    ok($ok);
    is($g->{dayOfWeek}, 'Tuesday');
};

subtest 'mending the roof' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'mend the roof');
    ok($ok, $msg);
    is($g->{roofCondition}, 83);
    is($g->{coinPurse}, 15);
    is($g->{hour}, 10);
    like($msg, qr/83%/);
};

subtest 'snow brings the roof down if it is never mended' => sub {
    my $g = fresh();
    for my $day (1 .. 4) {
        perform($g, 'put four logs in the big stove') if $g->{logsAtStove} >= 4;
        perform($g, 'split six logs');
        perform($g, 'carry five logs to the stove');
        perform($g, 'put four logs in the small stove');
        perform($g, 'close up for the night');
    }
    is($g->{dayOfWeek}, 'Friday');
    is($g->{roofCondition}, 58 - 4 * 4 - 30);
    ok(!$g->{gameOver});
    perform($g, 'close up for the night');
    ok($g->{gameOver}, 'the roof gave way on Friday night');
    ok(!$g->{bathhouseOpen});
    ok(!$g->{won});
    my ($ok, $msg) = perform($g, 'split a log');
    ok(!$ok, 'nothing to do after the end');
};

subtest 'a neglected pool freezes' => sub {
    my $g = fresh();
    for (1 .. 3) { perform($g, 'sleep') }
    ok(!$g->{gameOver});
    is(warm($g)->{tempC}, 11);
    perform($g, 'sleep');
    ok($g->{gameOver});
    ok(!$g->{bathhouseOpen});
};

subtest 'buying needs coins and a number' => sub {
    my $g = fresh();
    my ($ok, $msg) = perform($g, 'buy some logs');
    ok(!$ok);
    ($ok, $msg) = perform($g, 'buy eleven logs');
    ok(!$ok, 'ten a day');
    ($ok, $msg) = perform($g, 'buy ten logs');
    ok($ok, $msg);
    is($g->{coinPurse}, 0);
    is($g->{woodcutterLogsLeft}, 0);
};

done_testing();

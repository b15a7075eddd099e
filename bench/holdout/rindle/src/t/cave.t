use strict;
use warnings;

use FindBin;
use lib "$FindBin::Bin/../lib";

use Test::More;
use Rindle::Cave;

sub play {
    my ($game, @commands) = @_;
    my $reply;
    for my $command (@commands) {
        $reply = $game->command($command);
        die "'$command' was refused: $reply->{message}\n" unless $reply->{success};
    }
    return $reply;
}

sub stock { my ($game, $key) = @_; return Rindle::Cave::pair_get($game->state->{stock}, $key) }

subtest 'a new game' => sub {
    my $game = Rindle::Cave->new;
    my $state = $game->state;
    is $state->{place}, 'dairy';
    is $state->{coins}, 30;
    is_deeply $state->{stock}, [ [ milk_l => 60 ], [ salt_kg => 4 ], [ rennet => 2 ] ];
    is $state->{cave}{humidity}, 88;
    is $state->{season}{week}, 1;
    ok !$state->{season}{won};
    like $game->intro, qr/100 coins/;
};

subtest 'help lists the commands of the place' => sub {
    my $game = Rindle::Cave->new;
    my $help = $game->command('help')->{message};
    like $help, qr/make <litres>/;
    like $help, qr/go <place>/;
    unlike $help, qr/turn #/;
    play($game, 'go cave');
    $help = $game->command('help')->{message};
    like $help, qr/turn #<n>/;
    unlike $help, qr/make </;
};

subtest 'commands of another place are refused' => sub {
    my $game = Rindle::Cave->new;
    my $reply = $game->command('turn #1');
    ok !$reply->{success};
    like $reply->{message}, qr/cave/;
    ok !$game->command('go attic')->{success};
    ok !$game->command('go dairy')->{success};
    ok !$game->command('')->{success};
    ok $game->command('go to the yard')->{success};
    is $game->state->{place}, 'yard';
};

subtest 'making and salting a wheel' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 40');
    my $wheel = $game->state->{wheels}{1};
    is $wheel->{kg}, 4;
    is $wheel->{salt_need}, 2;
    is $wheel->{where}, 'dairy';
    is stock($game, 'milk_l'), 20;
    is stock($game, 'rennet'), 1;
    ok !$game->command('make 30')->{success}, 'only 20 L left';
    ok !$game->command('make 25')->{success}, 'steps of 10 L';
    ok !$game->command('make 70')->{success}, 'at most 60 L';
    ok !$game->command('carry #1')->{success}, 'unsalted';
    play($game, 'salt #1 1');
    is $game->state->{wheels}{1}{salt}, 1;
    is stock($game, 'salt_kg'), 3;
    play($game, 'salt #1 1');
    is stock($game, 'salt_kg'), 2;
    ok !$game->command('salt #1 1')->{success}, 'fully salted';
    ok !$game->command('salt #1 9')->{success}, 'more than in the sack';
    play($game, 'carry #1');
    is $game->state->{wheels}{1}{where}, 'cave';
    is $game->state->{cave}{in_use}, 1;
};

subtest 'the sixth shelf is the last' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'go yard', 'buy salt 2', 'buy rennet 4', 'go dairy');
    play($game, "make 20", "salt #$_ 1", "carry #$_") for 1 .. 3;
    play($game, 'go yard', 'order 60', 'rest', 'go dairy');
    play($game, "make 20", "salt #$_ 1", "carry #$_") for 4 .. 6;
    is $game->state->{cave}{in_use}, 6;
    is $game->state->{coins}, 2;
    ok !$game->command('make 20')->{success}, 'nothing left to make it with';
    play($game, 'go cave');
    my @lines = split /\n/, $game->command('shelves')->{message};
    is scalar(@lines), 7;
    like $lines[0], qr/6 of 6 shelves/;
};

subtest 'a week in the cave' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 20', 'salt #1 1', 'carry #1', 'make 20', 'salt #2 1', 'carry #2');
    play($game, 'go cave', 'turn #1');
    ok !$game->command('turn #1')->{success}, 'once a week';
    play($game, 'go yard', 'rest');
    my $state = $game->state;
    is $state->{season}{week}, 2;
    is $state->{wheels}{1}{age}, 1;
    is_deeply $state->{wheels}{1}{faults}, [];
    is_deeply $state->{wheels}{2}{faults}, ['flat'];
    ok !$state->{wheels}{1}{turned};
    is $state->{cave}{humidity}, 86;
    is stock($game, 'milk_l'), 0, 'the milk left soured';
};

subtest 'humidity faults' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 20', 'salt #1 1', 'carry #1', 'go cave', 'vent', 'vent', 'vent');
    is $game->state->{cave}{humidity}, 73;
    play($game, 'turn #1', 'go yard', 'rest');
    is_deeply $game->state->{wheels}{1}{faults}, ['cracked'];
    play($game, 'go cave');
    play($game, 'mist') for 1 .. 6;
    is $game->state->{cave}{humidity}, 100;
    ok !$game->command('mist')->{success};
    play($game, 'turn #1', 'go yard', 'rest');
    is_deeply $game->state->{wheels}{1}{faults}, [ 'cracked', 'mould' ];
    is $game->state->{cave}{humidity}, 98;
};

subtest 'the safe band is 80 to 95' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 20', 'salt #1 1', 'carry #1', 'go cave', 'mist');
    is $game->state->{cave}{humidity}, 93;
    play($game, 'turn #1', 'go yard', 'rest');
    is_deeply $game->state->{wheels}{1}{faults}, [];
};

subtest 'ordering milk' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'go yard');
    ok !$game->command('order 15')->{success}, 'steps of 10 L';
    ok !$game->command('order 110')->{success}, 'the farm spares 100 L';
    play($game, 'order 40');
    is $game->state->{coins}, 22;
    is_deeply $game->state->{orders}, [ [ 2, 40 ] ];
    play($game, 'rest');
    is stock($game, 'milk_l'), 40;
    like $game->command('help')->{message}, qr/order <litres>/;
};

subtest 'buying' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'go yard', 'buy salt 5', 'buy rennet 2');
    is $game->state->{coins}, 14;
    is stock($game, 'salt_kg'), 9;
    is stock($game, 'rennet'), 4;
    ok !$game->command('buy rennet 5')->{success}, 'not enough coins';
    ok !$game->command('buy cheese 1')->{success};
};

subtest 'a clean wheel sold young' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 40', 'salt #1 2', 'carry #1');
    for my $week (1 .. 3) {
        play($game, 'go cave', 'turn #1', 'go yard', 'rest');
    }
    play($game, 'go cave');
    my $reply = $game->command('pull #1');
    ok !$reply->{success}, 'three weeks is too young';
    like $reply->{message}, qr/4 weeks/;
    play($game, 'turn #1', 'go yard', 'rest', 'go cave', 'pull #1', 'go stall');
    like $game->command('quote #1')->{message}, qr/16 coins/;
    play($game, 'sell #1');
    is $game->state->{coins}, 46;
    is_deeply $game->state->{sold}, [ [ '#1', 16 ] ];
    ok !exists $game->state->{wheels}{1};
    play($game, 'go yard');
    like $game->command('ledger')->{message}, qr/Sold 1 wheel for 16 coins/;
};

subtest 'a faulted wheel fetches less' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'make 40', 'salt #1 2', 'carry #1', 'go yard');
    play($game, 'rest') for 1 .. 4;
    play($game, 'go cave', 'pull #1', 'go stall');
    is_deeply $game->state->{wheels}{1}{faults}, ['flat'];
    like $game->command('quote #1')->{message}, qr/as it is, 12/;
    play($game, 'sell #1');
    is $game->state->{coins}, 42;
};

subtest 'the season ends after week 16' => sub {
    my $game = Rindle::Cave->new;
    play($game, 'go yard');
    play($game, 'rest') for 1 .. 15;
    is $game->state->{season}{week}, 16;
    ok !$game->over;
    play($game, 'rest');
    ok $game->over;
    ok !$game->state->{season}{won};
    ok !$game->command('go dairy')->{success};
    ok $game->command('help')->{success};
};

subtest 'the walkthrough wins' => sub {
    my $game = Rindle::Cave->new;
    open my $fh, '<', "$FindBin::Bin/../docs/walkthrough.md" or die $!;
    my @commands = map { /^- `(.*)`/ ? $1 : () } <$fh>;
    ok @commands > 20;
    play($game, @commands);
    ok $game->state->{season}{won};
    ok $game->over;
    is $game->state->{coins}, 120;
};

done_testing;

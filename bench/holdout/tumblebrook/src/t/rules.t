use strict;
use warnings;
use utf8;

use FindBin ();
use lib "$FindBin::Bin/../lib";

use Test::More;
use Tumblebrook::Game;

binmode Test::More->builder->$_, ':encoding(UTF-8)' for qw(output failure_output todo_output);

sub play {
    my ($game, @commands) = @_;
    my ($ok, $text);
    for my $command (@commands) {
        ($ok, $text) = $game->command($command);
        die "'$command' was refused: $text\n" unless $ok;
    }
    return $text;
}

sub refused {
    my ($game, $command) = @_;
    my ($ok, $text) = $game->command($command);
    return !$ok;
}

subtest 'a new season' => sub {
    my $game = Tumblebrook::Game->new;
    my $s    = $game->state;
    is $s->{'Day'}, 1, 'day 1';
    is $s->{'Town'}, 'Ashby', 'starts in Ashby';
    is $s->{'Purse'}, 120, '120 coins';
    is $s->{'Tent Condition'}, 80, 'tent at 80%';
    is $s->{'Tent Seats'}, 150, 'a sound tent seats 150';
    is_deeply $s->{'Stores'}, { 'Animal Feed' => 3, 'Tent Canvas' => 1 }, 'stores';
    is_deeply $s->{'Troupe'}, {}, 'nobody hired yet';
    is_deeply $s->{'For Hire Here'}, [ 'Clowns', 'Juggler' ], 'the Ashby performers';
    is $s->{'Next Town'}, 'Bramblecote', 'next town';
    ok !$s->{'Won'} && !$s->{'Season Over'}, 'not over';
    like $game->welcome, qr/«Ashby»/, 'the welcome names the town';
    my ($ok, $help) = $game->command('help');
    ok $ok, 'help answers';
    unlike $help, qr/\n/, 'help is one paragraph';
};

subtest 'hiring' => sub {
    my $game = Tumblebrook::Game->new;
    my $text = play($game, 'hire the juggler');
    like $text, qr/JUGGLER/, 'the reply names the JUGGLER';
    my $s = $game->state;
    is $s->{'Purse'}, 100, 'the fee is paid';
    is $s->{'Wage Bill'}, 8, 'the wage bill counts the juggler';
    is $s->{'Troupe'}{'Juggler'}{'Draw'}, 15, 'the juggler draws 15';
    ok refused($game, 'hire the juggler'), 'no hiring twice';
    ok refused($game, 'hire the acrobats'), 'the acrobats are in Cinderford';
    ok refused($game, 'hire the grey elephant'), 'animals are not hired';
    ok refused($game, 'hire the lion tamer'), 'nobody of that name';
    play($game, 'hire the clowns');
    is $game->state->{'Wage Bill'}, 14, 'the wage bill adds up';
};

subtest 'the market' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'buy 4 bales of animal feed');
    is $game->state->{'Purse'}, 104, 'four bales at 4 coins';
    play($game, 'buy 6 bales of animal feed');
    is $game->state->{'Purse'}, 86, 'six bales at the bulk price of 3';
    is $game->state->{'Stores'}{'Animal Feed'}, 13, 'the bales are in the stores';
    play($game, 'buy a patch of tent canvas');
    is $game->state->{'Purse'}, 71, 'canvas at 15 coins';
    is $game->state->{'Stores'}{'Tent Canvas'}, 2, 'two patches';
    ok refused($game, 'buy 0 bales of animal feed'), 'buying nothing is refused';
    ok refused($game, 'buy 9 patches of tent canvas'), 'the purse cannot cover it';
    ok refused($game, 'buy a tiger'), 'the market has no tigers';
    is $game->state->{'Purse'}, 71, 'refusals cost nothing';
};

subtest 'feeding' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'feed the grey elephant');
    is $game->state->{'Stores'}{'Animal Feed'}, 1, 'the elephant eats 2 bales';
    ok refused($game, 'feed the elephant'), 'once a day';
    play($game, 'feed the animals');
    my $s = $game->state;
    is $s->{'Stores'}{'Animal Feed'}, 0, 'the ponies eat the last bale';
    ok $s->{'Animals'}{'Dancing Ponies'}{'Fed Today'}, 'the ponies are fed';
    ok refused($game, 'feed the animals'), 'everyone has eaten';
};

subtest 'ticket prices' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'set the ticket price to 6 coins');
    is $game->state->{'Ticket Price'}, 6, 'six is allowed';
    play($game, 'set the ticket price to 1 coin');
    is $game->state->{'Ticket Price'}, 1, 'one is allowed';
    ok refused($game, "set the ticket price to $_"), "$_ is refused" for qw(0 7 lots 2.5);
    is $game->state->{'Ticket Price'}, 1, 'the price stands';
};

subtest 'a show' => sub {
    my $game = Tumblebrook::Game->new;
    ok refused($game, 'put on a show'), 'no act, no show';
    play($game, 'hire the juggler', 'hire the clowns', 'feed the animals', 'put on a show');
    my $s = $game->state;
    is $s->{'Last Show'}{'Audience'}, 50, 'Ashby turns out at most 50';
    is $s->{'Last Show'}{'Takings'}, 150, '50 tickets at 3 coins';
    is $s->{'Purse'}, 85 + 150, 'the takings are in the purse';
    is $s->{'Shows Staged'}, 1, 'one show';
    is $s->{'Tent Condition'}, 70, 'the show wears the tent';
    ok refused($game, 'stage a show'), 'one show a day';
    my ($ok, $books) = $game->command('look at the books');
    like $books, qr/150 coins a show on average/, 'the books';
};

subtest 'repairing the tent' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'hire the juggler', 'put on a show', 'repair the tent');
    my $s = $game->state;
    is $s->{'Tent Condition'}, 95, 'a patch adds 25';
    is $s->{'Stores'}{'Tent Canvas'}, 0, 'and is used up';
    ok refused($game, 'repair the tent'), 'no canvas left';
};

subtest 'the road' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'hire the juggler', 'hire the clowns');
    ok refused($game, 'travel to Cinderford'), 'no skipping Bramblecote';
    ok refused($game, 'travel to Paris'), 'not on the route';
    play($game, 'send the clowns to Bramblecote');
    is $game->state->{'Troupe'}{'Clowns'}{'Away In'}, 'Bramblecote', 'the clowns go ahead';
    is $game->state->{'Bills Posted'}{'Bramblecote'}, 20, 'bills are posted';
    ok refused($game, 'send the juggler to Ashby'), 'Ashby is not ahead';
    play($game, 'travel to Bramblecote');
    my $s = $game->state;
    is $s->{'Day'}, 2, 'the journey takes a day';
    is $s->{'Purse'}, 85 - 14, 'wages are paid, the clowns included';
    is $s->{'Tent Condition'}, 75, 'the road wears the tent';
    ok !defined $s->{'Troupe'}{'Clowns'}{'Away In'}, 'the clowns rejoin';
    play($game, 'dismiss the clowns', 'set the ticket price to 4 coins', 'feed the animals', 'put on a show');
    $s = $game->state;
    is $s->{'Last Show'}{'Audience'}, 60, 'juggler 15, animals 40, bills 20, less 15 for the price';
    ok !exists $s->{'Bills Posted'}{'Bramblecote'}, 'the bills are used up';
    ok !exists $s->{'Troupe'}{'Clowns'}, 'the clowns have gone home';
    play($game, 'travel on');
    is $game->state->{'Purse'}, 71 + 240 - 8, 'only the juggler is paid';
};

subtest 'the season ends after day 14' => sub {
    my $game = Tumblebrook::Game->new;
    play($game, 'rest for the day') for 1 .. 13;
    is $game->state->{'Day'}, 14, 'the last day';
    play($game, 'rest for the day');
    ok $game->game_over, 'the season is over';
    ok !$game->won, 'and lost';
    ok refused($game, 'hire the juggler'), 'nothing more to do';
    ok +($game->command('look around'))[0], 'looking still works';
};

subtest 'the walkthrough wins' => sub {
    my $game = Tumblebrook::Game->new;
    open my $fh, '<:encoding(UTF-8)', "$FindBin::Bin/../docs/walkthrough.md" or die "walkthrough: $!";
    my @commands = map { /^- `([^`]+)`/ ? $1 : () } <$fh>;
    ok @commands > 10, 'the walkthrough has commands';
    play($game, @commands);
    ok $game->won, 'the Grand Finale is won';
    is $game->state->{'Purse'}, 1741, 'with 1741 coins';
};

subtest 'sentences' => sub {
    my $game = Tumblebrook::Game->new;
    ok !($game->command('juggle the clowns'))[0], 'nonsense is refused';
    ok !($game->command(''))[0], 'silence is refused';
    ok +($game->command('Please hire the Juggler.'))[0], 'manners and capitals are fine';
    ok +($game->command('LOOK AROUND'))[0], 'shouting is fine';
    is $game->turn, 4, 'every command is a turn';
};

done_testing;

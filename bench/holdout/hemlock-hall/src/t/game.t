use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Test::More;
use Hemlock::Game;

sub play {
    my ($game, @commands) = @_;
    my $reply;
    $reply = Hemlock::Game::command($game, $_) for @commands;
    return $reply;
}

subtest 'a new game starts in the hall at nine with three coins' => sub {
    my $state = Hemlock::Game::state(Hemlock::Game::new_game());
    is $state->{'Location'}, 'Hall';
    is $state->{'Time'}, '9:00 pm';
    is $state->{'Coins'}, 3;
    is_deeply $state->{'Notebook'}, [];
    is_deeply $state->{'People here'}, ['Mr Pryce, the butler'];
    is $state->{'Case'}, 'Open';
};

subtest 'help gives examples to try' => sub {
    my $reply = play(Hemlock::Game::new_game(), 'help');
    ok ${ $reply->{success} };
    like $reply->{message}, qr/^Try things like:/;
    like $reply->{message}, qr/ask the butler about the key/;
};

subtest 'an unknown command is refused in words' => sub {
    my $reply = play(Hemlock::Game::new_game(), 'dance a jig');
    ok !${ $reply->{success} };
    like $reply->{message}, qr/not quite sure/;
};

subtest 'we can only walk to a neighbouring room' => sub {
    my $game = Hemlock::Game::new_game();
    my $reply = play($game, 'go to the garden');
    ok !${ $reply->{success} };
    is Hemlock::Game::state($game)->{'Location'}, 'Hall';
    $reply = play($game, 'go to the study');
    ok ${ $reply->{success} };
    is Hemlock::Game::state($game)->{'Location'}, 'Study';
};

subtest 'a question takes ten minutes and notes its clue once' => sub {
    my $game = Hemlock::Game::new_game();
    play($game, 'ask the butler about the key');
    my $state = Hemlock::Game::state($game);
    is $state->{'Time'}, '9:10 pm';
    is scalar @{ $state->{'Notebook'} }, 1;
    like $state->{'Notebook'}[0], qr/^Two keys:/;
    my $reply = play($game, 'read notebook');
    like $reply->{message}, qr/1\. Two keys:/;
};

subtest 'the cook keeps quiet about the tray until paid' => sub {
    my $game = Hemlock::Game::new_game();
    play($game, 'go to the kitchen', 'ask the cook about the tray');
    is_deeply Hemlock::Game::state($game)->{'Notebook'}, [];
    play($game, 'give 2 coins to the cook', 'ask the cook about the tray');
    like Hemlock::Game::state($game)->{'Notebook'}[0], qr/^The brandy tray:/;
    is Hemlock::Game::state($game)->{'Coins'}, 1;
};

subtest 'accusing the wrong person loses the case' => sub {
    my $game = Hemlock::Game::new_game();
    my $reply = play($game, 'accuse the butler');
    is Hemlock::Game::state($game)->{'Case'}, 'Lost';
    $reply = play($game, 'look');
    ok !${ $reply->{success} };
};

subtest 'the walkthrough solves the case' => sub {
    open my $fh, '<', "$FindBin::Bin/../docs/walkthrough.md" or die "walkthrough: $!";
    my @commands = map { /`([^`]+)`/ ? $1 : () } <$fh>;
    ok @commands >= 5;
    my $game = Hemlock::Game::new_game();
    play($game, @commands);
    my $state = Hemlock::Game::state($game);
    is $state->{'Case'}, 'Solved';
    ok ${ $state->{'Case solved'} };
};

done_testing;

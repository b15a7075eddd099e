use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Test::More;
use Deepdelve::Game;

sub play {
    my ($g, @cmds) = @_;
    my ($ok, $msg);
    ($ok, $msg) = Deepdelve::Game::command($g, $_) for @cmds;
    return ($ok, $msg);
}

sub walkthrough {
    open my $fh, '<', "$FindBin::Bin/../docs/WALKTHROUGH.md" or die "walkthrough: $!";
    return map { /^- `(.*)`\s*$/ ? $1 : () } <$fh>;
}

subtest 'a new game' => sub {
    my ($g, $intro) = Deepdelve::Game::new_game();
    like $intro, qr/Amulet of the Deep/;
    my $s = Deepdelve::Game::state($g);
    is $s->{depth}, 1;
    is $s->{turn}, 0;
    is_deeply [@{ $s->{hero} }{qw(x y hp max_hp atk def gold xp level)}], [2, 3, 20, 20, 3, 1, 20, 0, 1];
    is $s->{hero}{wielding}, 'dagger';
    is $s->{hero}{wearing}, 'leather armor';
    is_deeply [map { $_->{name} } @{ $s->{items} }], ['dagger', 'leather armor', 'potion of healing'];
    is_deeply [map { $_->{letter} } @{ $s->{items} }], [qw(a b c)];
    is scalar @{ $s->{map} }, 9;
    is substr($s->{map}[3], 2, 1), '@';
    is_deeply [map { $_->{name} } @{ $s->{monsters} }], ['rat', 'jackal'];
};

subtest 'moving and walls' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, 'l');
    ok $ok;
    is Deepdelve::Game::state($g)->{hero}{x}, 3;
    ($ok, $msg) = play($g, 'h', 'h', 'h');
    ok !$ok, 'the west wall stops you';
    is $msg, 'There is a wall in the way.';
    is Deepdelve::Game::state($g)->{turn}, 3, 'a refused move takes no turn';
};

subtest 'help and unknown commands' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, '?');
    ok $ok;
    like $msg, qr/^h\s+move west/m;
    like $msg, qr/^q x\s+quaff potion x/m;
    ($ok, $msg) = play($g, 'xyzzy');
    ok !$ok;
    like $msg, qr/Unknown command/;
    is Deepdelve::Game::state($g)->{turn}, 0;
};

subtest 'killing the rat' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, qw(l l l l l l l));
    like $msg, qr/The rat bites you\./;
    ($ok, $msg) = play($g, 'k');
    is $msg, 'You kill the rat!';
    my $s = Deepdelve::Game::state($g);
    is $s->{hero}{xp}, 1;
    is_deeply [map { $_->{name} } @{ $s->{monsters} }], ['jackal'];
};

subtest 'the shop' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, 'list');
    ok !$ok, 'no shop away from the counter';
    ($ok, $msg) = play($g, 'k', 'k', 'list');
    ok $ok;
    like $msg, qr/sword\s+40 gold \(1 left\)/;
    ($ok, $msg) = play($g, 'buy sword');
    ok !$ok;
    is $msg, 'You cannot afford the sword (40 gold).';
    ($ok, $msg) = play($g, 'buy potion');
    ok $ok;
    like $msg, qr/^You buy a potion of healing for 15 gold\./;
    my $s = Deepdelve::Game::state($g);
    is $s->{hero}{gold}, 5;
    is $s->{shop}[0]{stock}, 2;
    is scalar @{ $s->{items} }, 4;
    ($ok, $msg) = play($g, 'sell d');
    ok $ok;
    $s = Deepdelve::Game::state($g);
    is $s->{hero}{gold}, 12, 'a potion of healing sells for 7';
    is scalar @{ $s->{items} }, 3;
    ($ok, $msg) = play($g, 'sell a');
    ok !$ok, 'you cannot sell the weapon in your hand';
};

subtest 'picking up and dropping' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, 'l', 'd c');
    ok $ok;
    is $msg, 'You drop a potion of healing.';
    my $s = Deepdelve::Game::state($g);
    is_deeply [map { $_->{name} } @{ $s->{items} }], ['dagger', 'leather armor'];
    ok((grep { $_->{name} eq 'potion of healing' && $_->{x} == 3 && $_->{y} == 3 } @{ $s->{floor} }),
        'the potion lies on the floor');
    ($ok, $msg) = play($g, 'g');
    is $msg, 'c - a potion of healing.';
    ($ok, $msg) = play($g, 'd b');
    ok !$ok, 'worn armor cannot be dropped';
    ($ok, $msg) = play($g, 'dz');
    ok !$ok;
    is $msg, "You don't have that item.";
    ($ok, $msg) = play($g, 'd a');
    like $msg, qr/empty handed/;
    is Deepdelve::Game::state($g)->{hero}{atk}, 2;
};

subtest 'weapons and armor' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, 'w -');
    is Deepdelve::Game::state($g)->{hero}{atk}, 2;
    ($ok, $msg) = play($g, 'wa');
    is $msg, 'You are now wielding a dagger.';
    is Deepdelve::Game::state($g)->{hero}{atk}, 3;
    ($ok, $msg) = play($g, 'T');
    is $msg, 'You take off leather armor.';
    is Deepdelve::Game::state($g)->{hero}{def}, 0;
    ($ok, $msg) = play($g, 'W b');
    is Deepdelve::Game::state($g)->{hero}{def}, 1;
    ($ok, $msg) = play($g, 'W c');
    ok !$ok;
    is $msg, 'You cannot wear that.';
};

subtest 'regeneration' => sub {
    my ($g) = Deepdelve::Game::new_game();
    play($g, qw(l l l l l l l));
    is Deepdelve::Game::state($g)->{hero}{hp}, 19;
    play($g, 'k', '.', '.');
    is Deepdelve::Game::state($g)->{turn}, 10;
};

subtest 'stairs' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my ($ok, $msg) = play($g, '<');
    ok !$ok;
    like $msg, qr/will not leave/;
    ($ok, $msg) = play($g, '>');
    ok !$ok;
};

subtest 'the walkthrough wins' => sub {
    my ($g) = Deepdelve::Game::new_game();
    my @cmds = walkthrough();
    ok @cmds > 50;
    for my $cmd (@cmds) {
        my ($ok, $msg) = Deepdelve::Game::command($g, $cmd);
        ok $ok, $cmd or diag $msg;
    }
    my $s = Deepdelve::Game::state($g);
    ok $s->{won}, 'won';
    ok !$s->{dead}, 'alive';
    ok Deepdelve::Game::game_over($g);
    my ($ok, $msg) = Deepdelve::Game::command($g, 'l');
    is $msg, 'The game is over.';
};

done_testing;

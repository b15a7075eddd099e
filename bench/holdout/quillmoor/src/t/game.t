use strict;
use warnings;
use FindBin ();
use Test::More;

use Quillmoor::Game;

sub play {
    my ( $s, @commands ) = @_;
    my ( $message, $ok );
    for my $command (@commands) {
        ( $message, $ok ) = Quillmoor::Game::command( $s, $command );
    }
    return ( $message, $ok );
}

subtest 'a new game starts in the cottage with three orders' => sub {
    my $s = Quillmoor::Game::new_state();
    is $s->{loc},  'cottage';
    is $s->{day},  1;
    is $s->{coin}, 0;
    is_deeply [ map { $_->{who} } @{ $s->{orders} } ], [qw(MILLER BAKER WIDOW)];
    is $s->{patch_meadow_moonwort}, 8;
    is $s->{patch_fen_dewcap},      2;
};

subtest 'help gives one usage line per command' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'help' );
    ok $ok;
    like $message, qr/^usage: gather <herb> \[xN\]$/m;
    like $message, qr/^usage: deliver <order#\|villager>$/m;
    ( $message, $ok ) = play( $s, 'help brew' );
    is $message, 'usage: brew <recipe> [xN]';
    ( $message, $ok ) = play( $s, 'gather' );
    ok !$ok;
    is $message, 'usage: gather <herb> [xN]';
};

subtest 'travel follows the paths' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'go fen' );
    ok !$ok;
    is $message, 'YOU CANNOT GO THERE FROM HERE.';
    ( $message, $ok ) = play( $s, 'meadow', 'GO FEN' );
    ok $ok;
    is $s->{loc}, 'fen';
};

subtest 'gathering takes herbs from the patch into the satchel' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'go meadow', 'gather moonwort x3' );
    ok $ok;
    is $message, 'OK. You pick 3 MOONWORT. 5 LEFT HERE.';
    is $s->{inv_moonwort},          3;
    is $s->{patch_meadow_moonwort}, 5;
    ( $message, $ok ) = play( $s, 'gather ashroot' );
    ok !$ok;
    is $message, 'NO ASHROOT GROWS HERE.';
};

subtest 'the satchel holds twelve herbs' => sub {
    my $s = Quillmoor::Game::new_state();
    play( $s, 'go meadow', 'gather moonwort x8', 'gather dewcap x3' );
    is $s->{inv_moonwort} + $s->{inv_dewcap}, 11;
    my ( $message, $ok ) = play( $s, 'go fen', 'gather fenberry x2' );
    ok !$ok;
    is $message, 'YOUR SATCHEL HAS ROOM FOR 1 MORE.';
    is $s->{inv_fenberry}, 0;
    ( $message, $ok ) = play( $s, 'gather fenberry' );
    ok $ok;
    is $s->{inv_fenberry}, 1;
};

subtest 'brewing uses the recipe and only in the cottage' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'go meadow', 'gather moonwort x4', 'gather dewcap x2', 'brew calm draught' );
    ok !$ok;
    is $message, 'YOU CANNOT DO THAT HERE.';
    ( $message, $ok ) = play( $s, 'go cottage', 'brew sleep syrup' );
    ok !$ok;
    like $message, qr/^NOT ENOUGH FENBERRY/;
    is $s->{inv_moonwort}, 4;
    ( $message, $ok ) = play( $s, 'brew calm-draught x2' );
    ok $ok;
    is $s->{shelf_calm_draught}, 2;
    is $s->{inv_moonwort},       0;
    is $s->{inv_dewcap},         0;
    is $s->{cauldron_left},      2;
};

subtest 'the stall pays less after three of a remedy in a day' => sub {
    my $s = Quillmoor::Game::new_state();
    play( $s, 'go meadow', 'gather moonwort x8', 'gather dewcap x4', 'go cottage', 'brew calm draught x3', 'sleep',
        'brew calm draught', 'go village' );
    is $s->{shelf_calm_draught}, 4;
    my ( $message, $ok ) = play( $s, 'sell calm draught x4' );
    ok $ok;
    is $s->{coin}, 18;
    is $message, 'OK. You sell 4 CALM DRAUGHT for 18 coin (4.5 each).';
    is $s->{shelf_calm_draught}, 0;
};

subtest 'an order pays its price' => sub {
    my $s = Quillmoor::Game::new_state();
    play( $s, 'go woods', 'gather ashroot x2', 'go cottage', 'go meadow', 'go fen', 'gather fenberry', 'go meadow',
        'go cottage', 'brew fever tonic', 'go village' );
    my ( $message, $ok ) = play( $s, 'deliver #2' );
    ok $ok;
    is $message, 'OK. BAKER takes 1 FEVER TONIC and pays 10 coin.';
    is $s->{coin}, 10;
    is_deeply [ map { $_->{no} } @{ $s->{orders} } ], [ 1, 3 ];
};

subtest 'a new order is posted at dawn and the last day ends the game' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'sleep' );
    ok $ok;
    like $message, qr/^NEW ORDER #4 SMITH: 2 FEVER TONIC, PAYS 20, DUE DAY 4\.$/m;
    play( $s, ('sleep') x 8 );
    is $s->{day}, 10;
    ok !$s->{game_over};
    ( $message, $ok ) = play( $s, 'sleep' );
    ok $s->{lost};
    ok $s->{game_over};
    ( $message, $ok ) = play( $s, 'go meadow' );
    ok !$ok;
    is $message, 'THE GAME IS OVER.';
};

subtest 'the fee needs 40 coin' => sub {
    my $s = Quillmoor::Game::new_state();
    my ( $message, $ok ) = play( $s, 'go village', 'pay fee' );
    ok !$ok;
    is $message, 'THE FEE IS 40 COIN. YOU HAVE 0.';
};

subtest 'the walkthrough wins' => sub {
    my $s = Quillmoor::Game::new_state();
    open my $fh, '<', "$FindBin::Bin/../docs/walkthrough.txt" or die "walkthrough: $!";
    my @commands = grep { /\S/ && !/^\s*#/ } map { s/\s+$//r } <$fh>;
    for my $command (@commands) {
        my ( $message, $ok ) = Quillmoor::Game::command( $s, $command );
        ok $ok, $command or diag $message;
    }
    ok $s->{won};
    is $s->{coin}, 4;
};

done_testing;

package Quillmoor::Game;

# The rules of Quillmoor: one game is one flat state hash, changed by one command at a time.

use strict;
use warnings;

use JSON::PP ();
use List::Util qw(first min sum0);

use constant {
    SATCHEL_CAP   => 12,
    CAULDRON_SIZE => 4,
    GUILD_FEE     => 40,
    LAST_DAY      => 10,
    FULL_PRICE    => 3,    # the stall pays the list price for this many of a remedy a day
    GLUT_DISCOUNT => 2,
};

my @HERBS   = qw(moonwort dewcap fenberry ashroot);
my @RECIPES = qw(calm_draught fever_tonic sleep_syrup);

my %RECIPE = (
    calm_draught => { needs => [ [ moonwort => 2 ], [ dewcap => 1 ] ],                   price => 5 },
    fever_tonic  => { needs => [ [ ashroot  => 2 ], [ fenberry => 1 ] ],                 price => 7 },
    sleep_syrup  => { needs => [ [ moonwort => 1 ], [ fenberry => 1 ], [ dewcap => 1 ] ], price => 6 },
);

my %PLACE = (
    cottage => {
        blurb => 'Your cottage. The cauldron hangs over the fire.',
        paths => [qw(meadow woods village)],
        grows => [],
    },
    meadow => {
        blurb => 'The meadow. Wet grass to the knee.',
        paths => [qw(cottage fen)],
        grows => [ [ moonwort => 8 ], [ dewcap => 4 ] ],
    },
    fen => {
        blurb => 'The fen. Black water between the tussocks.',
        paths => [qw(meadow)],
        grows => [ [ fenberry => 5 ], [ dewcap => 2 ] ],
    },
    woods => {
        blurb => 'The woods. Old ash trees, roots in the path.',
        paths => [qw(cottage)],
        grows => [ [ ashroot => 6 ] ],
    },
    village => {
        blurb => 'The village square. The stall buys remedies; the guild hall takes the fee.',
        paths => [qw(cottage)],
        grows => [],
    },
);

# [villager, remedy, how many, pay, due day]
my @FIRST_ORDERS = (
    [ MILLER => calm_draught => 2, 14, 3 ],
    [ BAKER  => fever_tonic  => 1, 10, 3 ],
    [ WIDOW  => sleep_syrup  => 2, 16, 5 ],
);
my %DAWN_ORDER = (
    2  => [ SMITH    => fever_tonic  => 2, 20, 4 ],
    3  => [ CHANDLER => calm_draught => 1, 8,  5 ],
    4  => [ REEVE    => sleep_syrup  => 3, 24, 7 ],
    5  => [ FERRYMAN => calm_draught => 2, 15, 7 ],
    6  => [ MILLER   => fever_tonic  => 2, 19, 9 ],
    7  => [ WEAVER   => sleep_syrup  => 1, 9,  9 ],
    8  => [ BAKER    => calm_draught => 3, 21, 10 ],
    9  => [ SMITH    => fever_tonic  => 1, 11, 10 ],
    10 => [ SHEPHERD => sleep_syrup  => 2, 17, 10 ],
);

my @COMMANDS = qw(help look go gather drop brew recipes inventory orders sell deliver sleep pay);
my %USAGE = (
    help      => 'help [command]',
    look      => 'look',
    go        => 'go <place>',
    gather    => 'gather <herb> [xN]',
    drop      => 'drop <herb> [xN]',
    brew      => 'brew <recipe> [xN]',
    recipes   => 'recipes',
    inventory => 'inventory',
    orders    => 'orders',
    sell      => 'sell <remedy> [xN]',
    deliver   => 'deliver <order#|villager>',
    sleep     => 'sleep',
    pay       => 'pay fee',
);
my %ALIAS = (i => 'inventory', inv => 'inventory', l => 'look', pick => 'gather', walk => 'go');
my %AFTER_THE_END = map { $_ => 1 } qw(help look recipes inventory orders);

my %HANDLER = (
    help      => \&do_help,
    look      => \&do_look,
    go        => \&do_go,
    gather    => \&do_gather,
    drop      => \&do_drop,
    brew      => \&do_brew,
    recipes   => \&do_recipes,
    inventory => \&do_inventory,
    orders    => \&do_orders,
    sell      => \&do_sell,
    deliver   => \&do_deliver,
    sleep     => \&do_sleep,
    pay       => \&do_pay,
);

sub new_state {
    my %s = (
        day           => 1,
        last_day      => LAST_DAY,
        loc           => 'cottage',
        coin          => 0,
        turn          => 0,
        satchel_cap   => SATCHEL_CAP,
        satchel_used  => 0,
        cauldron_left => CAULDRON_SIZE,
        guild_fee     => GUILD_FEE,
        won           => JSON::PP::false,
        lost          => JSON::PP::false,
        game_over     => JSON::PP::false,
        next_order    => 1,
        orders        => [],
    );
    $s{"inv_$_"}   = 0 for @HERBS;
    $s{"shelf_$_"} = 0 for @RECIPES;
    $s{"stall_$_"} = 0 for @RECIPES;
    regrow( \%s );
    post_order( \%s, $_ ) for @FIRST_ORDERS;
    return \%s;
}

sub intro {
    my ($s) = @_;
    return join "\n",
        'QUILLMOOR APOTHECARY SYSTEM V1.0',
        'DAY 1 OF ' . LAST_DAY . '. THE GUILD FEE IS ' . GUILD_FEE . ' COIN. PAY IT BEFORE DAY ' . LAST_DAY . ' ENDS.',
        describe($s),
        'TYPE help FOR COMMANDS.';
}

# One command: returns (message, success).
sub command {
    my ( $s, $line ) = @_;
    $s->{turn}++;
    my $text = lc( $line // '' );
    $text =~ s/^\s+|\s+$//g;
    $text =~ s/\s+/ /g;
    return fail('TYPE help FOR COMMANDS.') if $text eq '';
    my ( $verb, $rest ) = split / /, $text, 2;
    $rest //= '';
    if ( $PLACE{$verb} && $rest eq '' ) {
        ( $verb, $rest ) = ( 'go', $verb );
    }
    $verb = $ALIAS{$verb} // $verb;
    my $handler = $HANDLER{$verb} or return fail('UNKNOWN COMMAND. TYPE help.');
    return fail('THE GAME IS OVER.') if $s->{game_over} && !$AFTER_THE_END{$verb};
    return $handler->( $s, $rest );
}

sub ok   { return ( $_[0], 1 ) }
sub fail { return ( $_[0], 0 ) }
sub usage { return fail("usage: $USAGE{$_[0]}") }

sub name {
    my ($key) = @_;
    ( my $shown = uc $key ) =~ tr/_/ /;
    return $shown;
}

sub key_of {
    my ($text) = @_;
    ( my $key = $text ) =~ s/[ _-]+/_/g;
    return $key;
}

sub herb_key {
    my $key = key_of(shift);
    return ( first { $_ eq $key } @HERBS );
}

sub recipe_key {
    my $key = key_of(shift);
    return ( first { $_ eq $key } @RECIPES );
}

# "moonwort x3", "moonwort 3" or "moonwort": (name, count); the count is undef when it is not a number.
sub split_count {
    my ($rest) = @_;
    if ( $rest =~ /^(.+?) x ?(\S+)$/ || $rest =~ /^(.+?) (\d+)$/ ) {
        my ( $what, $count ) = ( $1, $2 );
        return ( $what, $count =~ /^\d{1,3}$/ ? $count + 0 : undef );
    }
    return ( $rest, 1 );
}

# "<name> [xN]" with a count of at least 1: (name, count); the empty list otherwise.
sub counted {
    my ($rest) = @_;
    return if $rest eq '';
    my ( $what, $n ) = split_count($rest);
    return if !defined $n || $n < 1;
    return ( $what, $n );
}

sub herbs_held {
    my ($s) = @_;
    return sum0 map { $s->{"inv_$_"} } @HERBS;
}

sub take_remedy {
    my ( $s, $remedy, $count ) = @_;
    $count //= 1;
    $s->{"shelf_$remedy"} -= $count;
    return $count;
}

sub regrow {
    my ($s) = @_;
    for my $place ( sort keys %PLACE ) {
        $s->{"patch_${place}_$_->[0]"} = $_->[1] for @{ $PLACE{$place}{grows} };
    }
}

sub post_order {
    my ( $s, $spec ) = @_;
    my ( $who, $want, $qty, $pay, $due ) = @$spec;
    my $order = { no => $s->{next_order}++, who => $who, want => $want, qty => $qty, pay => $pay, due => $due };
    push @{ $s->{orders} }, $order;
    return $order;
}

sub order_line {
    my ($o) = @_;
    return "#$o->{no} $o->{who}: $o->{qty} " . name( $o->{want} ) . ", PAYS $o->{pay}, DUE DAY $o->{due}.";
}

sub describe {
    my ($s)   = @_;
    my $place = $PLACE{ $s->{loc} };
    my @lines = ( uc( $s->{loc} ) . '. ' . $place->{blurb} );
    if ( @{ $place->{grows} } ) {
        my @growing = map { $s->{"patch_$s->{loc}_$_->[0]"} . ' ' . name( $_->[0] ) } @{ $place->{grows} };
        push @lines, 'GROWING HERE: ' . join( ', ', @growing ) . '.';
    }
    if ( $s->{loc} eq 'cottage' ) {
        push @lines, "THE CAULDRON HAS ROOM FOR $s->{cauldron_left} MORE TODAY.";
    }
    if ( $s->{loc} eq 'village' ) {
        my $posted = @{ $s->{orders} };
        push @lines, "ORDERS POSTED: $posted. THE GUILD FEE IS " . GUILD_FEE . ' COIN.';
    }
    push @lines, 'PATHS: ' . join( ', ', map { uc } @{ $place->{paths} } ) . '.';
    return join "\n", @lines;
}

sub do_help {
    my ( $s, $rest ) = @_;
    if ( $rest ne '' ) {
        my $verb = $ALIAS{$rest} // $rest;
        return $USAGE{$verb} ? ok("usage: $USAGE{$verb}") : fail('NO SUCH COMMAND.');
    }
    my @lines = map {"usage: $USAGE{$_}"} @COMMANDS;
    return ok( join "\n", 'COMMANDS:', @lines, 'ALIASES: i = inventory, l = look, <place> = go <place>.' );
}

sub do_look {
    my ( $s, $rest ) = @_;
    return usage('look') if $rest ne '' && $rest ne 'around';
    return ok( describe($s) );
}

sub do_go {
    my ( $s, $rest ) = @_;
    $rest =~ s/^to (?:the )?//;
    return usage('go') if $rest eq '';
    return fail('NO SUCH PLACE.') unless $PLACE{$rest};
    return fail('YOU ARE ALREADY HERE.') if $rest eq $s->{loc};
    return fail('YOU CANNOT GO THERE FROM HERE.') unless grep { $_ eq $rest } @{ $PLACE{ $s->{loc} }{paths} };
    $s->{loc} = $rest;
    return ok( "OK.\n" . describe($s) );
}

sub do_gather {
    my ( $s, $rest ) = @_;
    my ( $what, $n ) = counted($rest) or return usage('gather');
    my $herb = herb_key($what);
    return fail( recipe_key($what) ? 'YOU BREW THAT, YOU DO NOT PICK IT.' : 'NO SUCH THING.' ) unless $herb;
    my $grows = $PLACE{ $s->{loc} }{grows};
    return fail('YOU CANNOT DO THAT HERE.') unless @$grows;
    return fail( 'NO ' . name($herb) . ' GROWS HERE.' ) unless grep { $_->[0] eq $herb } @$grows;
    my $patch = "patch_$s->{loc}_$herb";
    return fail( 'NO ' . name($herb) . ' LEFT HERE.' ) if $s->{$patch} < 1;
    my $picked = min( $n, $s->{$patch} );
    my $room   = SATCHEL_CAP - herbs_held($s);
    return fail("YOUR SATCHEL HAS ROOM FOR $room MORE.") if $picked > $room;
    $s->{$patch} -= $picked;
    $s->{"inv_$herb"} += $picked;
    $s->{satchel_used} = herbs_held($s);
    return ok( "OK. You pick $n " . name($herb) . ". $s->{$patch} LEFT HERE." );
}

sub do_drop {
    my ( $s, $rest ) = @_;
    my ( $what, $n ) = counted($rest) or return usage('drop');
    my $herb = herb_key($what);
    return fail( recipe_key($what) ? 'REMEDIES ARE FOR SELLING.' : 'NO SUCH THING.' ) unless $herb;
    my $held = $s->{"inv_$herb"};
    return fail( 'YOU HAVE NO ' . name($herb) . '.' ) if $held < 1;
    return fail( "YOU HAVE ONLY $held " . name($herb) . '.' ) if $n > $held;
    $s->{"inv_$herb"} -= $n;
    $s->{satchel_used} = herbs_held($s);
    return ok( "OK. You drop $n " . name($herb) . '. IT IS GONE.' );
}

sub do_brew {
    my ( $s, $rest ) = @_;
    my ( $what, $n ) = counted($rest) or return usage('brew');
    my $remedy = recipe_key($what);
    return fail( herb_key($what) ? 'THAT IS AN HERB. TYPE recipes.' : 'NO SUCH RECIPE.' ) unless $remedy;
    return fail('YOU CANNOT DO THAT HERE.') unless $s->{loc} eq 'cottage';
    return fail("THE CAULDRON HAS ROOM FOR $s->{cauldron_left} MORE TODAY.") if $n >= $s->{cauldron_left};

    my $needs = $RECIPE{$remedy}{needs};
    for my $need (@$needs) {
        my ( $herb, $each ) = @$need;
        my $held = $s->{"inv_$herb"};
        next if $held >= $each * $n;
        return fail( 'NOT ENOUGH ' . name($herb) . ': YOU NEED ' . $each * $n . ", YOU HAVE $held." );
    }
    $s->{"inv_$_->[0]"} -= $_->[1] * $n for @$needs;
    $s->{"shelf_$remedy"} += $n;
    $s->{cauldron_left} -= $n;
    return ok( "OK. The cauldron bubbles. You brew $n " . name($remedy) . '.' );
}

sub do_recipes {
    my ( $s, $rest ) = @_;
    return usage('recipes') if $rest ne '';
    my @lines;
    for my $remedy (@RECIPES) {
        my $needs = join ' + ', map { "$_->[1] " . name( $_->[0] ) } @{ $RECIPE{$remedy}{needs} };
        push @lines, name($remedy) . " = $needs. STALL PAYS $RECIPE{$remedy}{price}.";
    }
    return ok( join "\n", @lines );
}

sub do_inventory {
    my ( $s, $rest ) = @_;
    return usage('inventory') if $rest ne '';
    my @herbs    = map { $s->{"inv_$_"} . ' ' . name($_) } grep { $s->{"inv_$_"} > 0 } @HERBS;
    my @remedies = map { $s->{"shelf_$_"} . ' ' . name($_) } grep { $s->{"shelf_$_"} > 0 } @RECIPES;
    return ok(
        join "\n",
        "DAY $s->{day} OF " . LAST_DAY . ". COIN $s->{coin}. YOU ARE IN THE " . uc( $s->{loc} ) . '.',
        'SATCHEL ' . herbs_held($s) . '/' . SATCHEL_CAP . ': ' . ( @herbs ? join( ', ', @herbs ) : 'EMPTY' ) . '.',
        'SHELF: ' . ( @remedies ? join( ', ', @remedies ) : 'EMPTY' ) . '.'
    );
}

sub do_orders {
    my ( $s, $rest ) = @_;
    return usage('orders') if $rest ne '';
    my @orders = @{ $s->{orders} };
    return ok('NO ORDERS.') unless @orders;
    return ok( join "\n", map { order_line($_) } @orders );
}

sub stall_price {
    my ( $s, $remedy, $n ) = @_;
    my $bought = $s->{"stall_$remedy"};
    my $price  = $RECIPE{$remedy}{price};
    return sum0 map { $bought + $_ <= FULL_PRICE ? $price : $price - GLUT_DISCOUNT } 1 .. $n;
}

sub do_sell {
    my ( $s, $rest ) = @_;
    return usage('sell') if $rest eq '';
    my ( $what, $n ) = split_count($rest);
    return usage('sell') if !defined $n;
    my $remedy = recipe_key($what);
    return fail( herb_key($what) ? 'THE STALL BUYS ONLY REMEDIES.' : 'NO SUCH THING.' ) unless $remedy;
    return fail('YOU CANNOT DO THAT HERE.') unless $s->{loc} eq 'village';
    my $held = $s->{"shelf_$remedy"};
    return fail( "YOU HAVE ONLY $held " . name($remedy) . '.' ) if $held < $n;
    my $total   = stall_price( $s, $remedy, $n );
    my $average = $total % $n ? sprintf( '%.1f', $total / $n ) : $total / $n;
    take_remedy( $s, $remedy, $n );
    $s->{"stall_$remedy"} += $n;
    $s->{coin} += $total;
    return ok( "OK. You sell $n " . name($remedy) . " for $total coin ($average each)." );
}

sub do_deliver {
    my ( $s, $rest ) = @_;
    return usage('deliver') if $rest eq '';
    return fail('YOU CANNOT DO THAT HERE.') unless $s->{loc} eq 'village';
    my $orders = $s->{orders};
    my $order;
    if ( $rest =~ /^#?(\d+)$/ ) {
        my $no = $1;
        $order = first { $_->{no} == $no } @$orders;
    }
    else {
        my $who = uc $rest;
        $order = first { $_->{who} eq $who } @$orders;
    }
    return fail('NO SUCH ORDER.') unless $order;
    my $held = $s->{"shelf_$order->{want}"};
    if ( $held < $order->{qty} ) {
        return fail( "YOU HAVE ONLY $held " . name( $order->{want} ) . ". $order->{who} WANTS $order->{qty}." );
    }
    take_remedy( $s, $order->{want} );
    $s->{coin} += $order->{pay};
    @$orders = grep { $_ != $order } @$orders;
    return ok( "OK. $order->{who} takes $order->{qty} " . name( $order->{want} ) . " and pays $order->{pay} coin." );
}

sub withdraw_late_orders {
    my ($s) = @_;
    my $orders = $s->{orders};
    my @news;
    for ( my $i = 0; $i < @$orders; $i++ ) {
        my $order = $orders->[$i];
        next if $order->{due} >= $s->{day};
        push @news, "ORDER #$order->{no} ($order->{who}) IS WITHDRAWN.";
        splice @$orders, $i, 1;
    }
    return @news;
}

sub do_sleep {
    my ( $s, $rest ) = @_;
    return usage('sleep') if $rest ne '';
    return fail('YOU CANNOT DO THAT HERE.') unless $s->{loc} eq 'cottage';
    if ( $s->{day} >= LAST_DAY ) {
        $s->{lost}      = JSON::PP::true;
        $s->{game_over} = JSON::PP::true;
        return ok( join "\n", 'You sleep.', 'THE GUILD HAS CLOSED ITS BOOKS. YOUR FEE WAS NEVER PAID.', 'GAME OVER.' );
    }
    $s->{day}++;
    regrow($s);
    $s->{cauldron_left} = CAULDRON_SIZE;
    $s->{"stall_$_"} = 0 for @RECIPES;
    my @news = ( 'You sleep.', "DAY $s->{day} OF " . LAST_DAY . ' DAWNS. THE PATCHES HAVE GROWN BACK.' );
    push @news, withdraw_late_orders($s);
    if ( my $spec = $DAWN_ORDER{ $s->{day} } ) {
        push @news, 'NEW ORDER ' . order_line( post_order( $s, $spec ) );
    }
    return ok( join "\n", @news );
}

sub do_pay {
    my ( $s, $rest ) = @_;
    return usage('pay') unless $rest eq 'fee' || $rest eq 'the fee' || $rest eq '';
    return fail('YOU CANNOT DO THAT HERE.') unless $s->{loc} eq 'village';
    return fail( 'THE FEE IS ' . GUILD_FEE . " COIN. YOU HAVE $s->{coin}." ) if $s->{coin} < GUILD_FEE;
    $s->{coin} -= GUILD_FEE;
    $s->{won}       = JSON::PP::true;
    $s->{game_over} = JSON::PP::true;
    return ok( join "\n",
        'OK. You pay ' . GUILD_FEE . ' coin. THE GUILD WRITES YOUR NAME IN ITS BOOK.',
        'YOU ARE A MASTER APOTHECARY. YOU WIN.' );
}

1;

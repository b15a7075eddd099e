package Tumblebrook::Game;

# The rules of the Tumblebrook Travelling Circus: one season on the road, one
# ringmaster, one purse. The HTTP front end lives in server.pl; everything a
# player can do goes through Tumblebrook::Game->command.

use strict;
use warnings;
use utf8;

use JSON::PP ();
use List::Util qw(min sum0 first);

our $VERSION = '1.2.0';

use constant {
    START_PURSE      => 120,
    START_CONDITION  => 80,
    START_FEED       => 3,
    START_CANVAS     => 1,
    LAST_DAY         => 14,
    FEED_PRICE       => 4,
    BULK_PRICE       => 3,
    BULK_BALES       => 5,
    CANVAS_PRICE     => 15,
    MAX_PURCHASE     => 99,
    REPAIR_AMOUNT    => 25,
    MAX_CONDITION    => 100,
    SHOW_WEAR        => 10,
    TRAVEL_WEAR      => 5,
    TORN_BELOW       => 50,
    FULL_SEATS       => 150,
    TORN_SEATS       => 75,
    BASE_PRICE       => 3,
    MIN_PRICE        => 1,
    MAX_PRICE        => 6,
    PRICE_SWING      => 15,
    BILL_BONUS       => 20,
    FINALE_TARGET    => 1600,
};

my $TRUE  = JSON::PP::true;
my $FALSE = JSON::PP::false;

# The road, in order. Crowd is the most people a town will turn out.
my @ROUTE = (
    { name => 'Ashby',       crowd => 50 },
    { name => 'Bramblecote', crowd => 70 },
    { name => 'Cinderford',  crowd => 90 },
    { name => 'Dunmere',     crowd => 110 },
    { name => 'Tumblebrook', crowd => 140 },
);

my %PERFORMER = (
    'Juggler'    => { fee => 20, wage => 8,  draw => 15, home => 'Ashby' },
    'Clowns'     => { fee => 15, wage => 6,  draw => 10, home => 'Ashby', plural => 1 },
    'Fire Eater' => { fee => 30, wage => 10, draw => 20, home => 'Bramblecote' },
    'Acrobats'   => { fee => 40, wage => 14, draw => 30, home => 'Cinderford', plural => 1 },
    'Strongman'  => { fee => 25, wage => 9,  draw => 15, home => 'Dunmere' },
);

my %ANIMAL = (
    'Grey Elephant'  => { ration => 2, draw => 25 },
    'Dancing Ponies' => { ration => 1, draw => 15, plural => 1 },
);

my %ITEM = (
    'Animal Feed' => { unit => 'bale',  units => 'bales' },
    'Tent Canvas' => { unit => 'patch', units => 'patches' },
);

# What players call things, mapped to the names the circus uses.
my %ALIAS = (
    'juggler'        => 'Juggler',
    'jugglers'       => 'Juggler',
    'clown'          => 'Clowns',
    'clowns'         => 'Clowns',
    'fire eater'     => 'Fire Eater',
    'fire-eater'     => 'Fire Eater',
    'fireeater'      => 'Fire Eater',
    'fire eaters'    => 'Fire Eater',
    'acrobat'        => 'Acrobats',
    'acrobats'       => 'Acrobats',
    'strongman'      => 'Strongman',
    'strong man'     => 'Strongman',
    'elephant'       => 'Grey Elephant',
    'grey elephant'  => 'Grey Elephant',
    'gray elephant'  => 'Grey Elephant',
    'pony'           => 'Dancing Ponies',
    'ponies'         => 'Dancing Ponies',
    'dancing ponies' => 'Dancing Ponies',
    'dancing pony'   => 'Dancing Ponies',
    'feed'           => 'Animal Feed',
    'animal feed'    => 'Animal Feed',
    'hay'            => 'Animal Feed',
    'canvas'         => 'Tent Canvas',
    'tent canvas'    => 'Tent Canvas',
);

my %NUMBER_WORD = (
    a => 1, an => 1, one => 1, two => 2, three => 3, four => 4, five => 5,
    six => 6, seven => 7, eight => 8, nine => 9, ten => 10, twelve => 12,
    dozen => 12, 'a dozen' => 12,
);

my $HELP = join ' ',
    'You are the ringmaster of the Tumblebrook Travelling Circus, and your season runs',
    sprintf('%d days along the road from «Ashby» through «Bramblecote», «Cinderford» and', LAST_DAY),
    '«Dunmere» to «Tumblebrook», where the Grand Finale waits for a troupe with',
    sprintf('%d coins in its purse. Speak to the troupe in plain sentences. You can hire the', FINALE_TARGET),
    'juggler or anyone else looking for work in the town you are in, and dismiss the',
    'clowns when you no longer want to pay them; buy 6 bales of animal feed or a patch of',
    'tent canvas at the market; feed the animals, or feed the grey elephant on its own;',
    'repair the tent; set the ticket price to 4 coins; and put on a show, once a day.',
    'You may send a performer ahead to a town further down the road, as in send the',
    'clowns to Cinderford, to post bills there until the wagons arrive. When a town is',
    'done with you, travel to the next town on the route, or rest for the day if you',
    'would rather stay. Look around to see the troupe, look at the books for the',
    'accounts, and look at the route for the road ahead; the rules of the road and every',
    'price are written down in the rules document.';

# Each rule: a pattern over the normalised sentence, the handler, and whether
# it still works once the season is over.
my @COMMANDS = (
    [ qr/^(?:help|what can i do|how do i play|what now)$/,                          '_help',   1 ],
    [ qr/^(?:look|look around|look at the troupe|check on the troupe|status)$/,     '_look',   1 ],
    [ qr/^(?:look at|check|read|open|go over) (?:the )?(?:books|accounts|ledger)$/, '_books',  1 ],
    [ qr/^(?:look at|check|study|read) (?:the )?(?:route|road|map)(?: ahead)?$/,    '_route',  1 ],
    [ qr/^hire (.+)$/,                                                               '_hire',   0 ],
    [ qr/^(?:dismiss|pay off|let go of) (.+)$/,                                      '_dismiss', 0 ],
    [ qr/^let (.+) go$/,                                                             '_dismiss', 0 ],
    [ qr/^(?:buy|purchase|order) (.+)$/,                                             '_buy',    0 ],
    [ qr/^feed (.+)$/,                                                               '_feed',   0 ],
    [ qr/^(?:repair|mend|patch) (?:the )?(?:tent|big top)$/,                         '_repair', 0 ],
    [ qr/^(?:set|change|make) (?:the )?ticket price (?:to )?(.+)$/,                  '_price',  0 ],
    [ qr/^(?:charge|sell tickets (?:at|for)) (.+?)(?: (?:a|per) ticket)?$/,          '_price',  0 ],
    [ qr/^(?:put on|stage|give|hold|perform) (?:a |the |our |tonight's )?show$/,     '_show',   0 ],
    [ qr/^send (.+?) (?:ahead |on ahead |on )?to (.+)$/,                             '_send',   0 ],
    [ qr/^(?:travel|go|ride|roll|journey|head|move on|move) (?:on )?to (.+)$/,       '_travel', 0 ],
    [ qr/^(?:travel|move|roll|ride) on$/,                                            '_travel', 0 ],
    [ qr/^(?:rest|wait|stay)(?: (?:for )?(?:the|a|one) day| here)?$/,                '_rest',   0 ],
);

sub new {
    my ($class) = @_;
    my $self = bless { turn => 0 }, $class;
    $self->{s} = {
        'Day'               => 1,
        'Last Day'          => LAST_DAY,
        'Town'              => $ROUTE[0]{name},
        'Route'             => [ map { $_->{name} } @ROUTE ],
        'Purse'             => START_PURSE,
        'Ticket Price'      => BASE_PRICE,
        'Tent Condition'    => START_CONDITION,
        'Stores'            => { 'Animal Feed' => START_FEED, 'Tent Canvas' => START_CANVAS },
        'Troupe'            => {},
        'Animals'           => {
            map { $_ => { 'Ration' => $ANIMAL{$_}{ration}, 'Draw' => $ANIMAL{$_}{draw}, 'Fed Today' => $FALSE } }
                keys %ANIMAL
        },
        'Wage Bill'         => 0,
        'Bills Posted'      => {},
        'Show Staged Today' => $FALSE,
        'Shows Staged'      => 0,
        'Total Takings'     => 0,
        'Last Show'         => undef,
        'Won'               => $FALSE,
        'Season Over'       => $FALSE,
    };
    return $self;
}

sub turn      { return $_[0]{turn} }
sub game_over { return $_[0]{s}{'Season Over'} ? 1 : 0 }
sub won       { return $_[0]{s}{'Won'} ? 1 : 0 }

sub welcome {
    my ($self) = @_;
    return sprintf(
        'The wagons of the Tumblebrook Travelling Circus stand in the meadow outside «Ashby» on '
            . 'day 1 of %d. The purse holds %d coins, the GREY ELEPHANT and the DANCING PONIES '
            . 'are hungry, and the JUGGLER and the CLOWNS are looking for work in town. Bring the '
            . 'troupe to «Tumblebrook» and stage the Grand Finale with %d coins in the purse. '
            . 'Type help to hear what you can do.',
        LAST_DAY, START_PURSE, FINALE_TARGET,
    );
}

# A copy of the state with the figures a player reads off it filled in.
sub state {
    my ($self) = @_;
    my $s    = $self->{s};
    my $copy = JSON::PP->new->decode(JSON::PP->new->allow_nonref->encode($s));
    my $here = $self->_town_index;
    $copy->{'Next Town'}     = $here < $#ROUTE ? $ROUTE[ $here + 1 ]{name} : undef;
    $copy->{'Town Crowd'}    = $ROUTE[$here]{crowd};
    $copy->{'Tent Seats'}    = $self->_seats;
    $copy->{'For Hire Here'} = [ $self->_for_hire ];
    $copy->{'Finale Target'} = FINALE_TARGET;
    return $copy;
}

sub command {
    my ($self, $text) = @_;
    $self->{turn}++;
    my $line = _normalise($text);
    return $self->_fail('Say something to the troupe, or type help to hear what you can do.') if $line eq '';
    for my $rule (@COMMANDS) {
        my ($pattern, $handler, $after_season) = @$rule;
        my @words = $line =~ $pattern;
        next unless @words;
        @words = () unless $#+;
        if ($self->game_over && !$after_season) {
            return $self->_fail($self->won
                ? 'The Grand Finale is over and the season is won. The troupe is taking its bows; there is nothing more to do.'
                : 'The season is over. The troupe has packed up for the winter.');
        }
        return $self->$handler(@words);
    }
    return $self->_fail(sprintf(
        'The troupe looks at you blankly: "%s" means nothing to them. Type help to hear what you can do.', $line));
}

# --- commands -------------------------------------------------------------

sub _help { return $_[0]->_ok($HELP) }

sub _look {
    my ($self) = @_;
    my $s    = $self->{s};
    my $here = $ROUTE[ $self->_town_index ];
    my @text = sprintf('Day %d of %d in «%s», where a crowd of up to %d could turn out. The purse holds %d coins and tickets sell at %d coins.',
        $s->{'Day'}, LAST_DAY, $here->{name}, $here->{crowd}, $s->{'Purse'}, $s->{'Ticket Price'});

    my @troupe;
    for my $name (sort keys %{ $s->{'Troupe'} }) {
        my $p = $s->{'Troupe'}{$name};
        my $where = defined $p->{'Away In'} ? "posting bills in «$p->{'Away In'}»" : 'with the troupe';
        push @troupe, sprintf('the %s (%s, %d coins a day)', uc $name, $where, $p->{'Wage'});
    }
    push @text, @troupe ? 'Performers: ' . _and_list(@troupe) . '.' : 'No performers are on the payroll.';

    my @animals = map {
        sprintf('the %s (%s)', uc $_, $s->{'Animals'}{$_}{'Fed Today'} ? 'fed' : 'hungry')
    } sort keys %{ $s->{'Animals'} };
    push @text, 'Animals: ' . _and_list(@animals) . '.';

    push @text, sprintf('Stores: %s and %s.',
        _count('Animal Feed', $s->{'Stores'}{'Animal Feed'}), _count('Tent Canvas', $s->{'Stores'}{'Tent Canvas'}));
    push @text, sprintf('The tent stands at %d%% and seats %d.', $s->{'Tent Condition'}, $self->_seats);

    my @hire = map { sprintf('the %s (%d coins to hire)', uc $_, $PERFORMER{$_}{fee}) } $self->_for_hire;
    push @text, 'Looking for work here: ' . _and_list(@hire) . '.' if @hire;
    push @text, $s->{'Show Staged Today'} ? 'The troupe has already performed today.' : 'The troupe has not performed today.';
    return $self->_ok(join ' ', @text);
}

sub _books {
    my ($self) = @_;
    my $s       = $self->{s};
    my $average = int($s->{'Total Takings'} / $s->{'Shows Staged'} + 0.5);
    return $self->_ok(sprintf(
        'The books: %d %s staged for %d coins at the door, %d coins a show on average. The last show drew %d in «%s» on day %d. The purse holds %d coins; the Grand Finale needs %d.',
        $s->{'Shows Staged'}, $s->{'Shows Staged'} == 1 ? 'show' : 'shows', $s->{'Total Takings'}, $average,
        $s->{'Last Show'}{'Audience'}, $s->{'Last Show'}{'Town'}, $s->{'Last Show'}{'Day'},
        $s->{'Purse'}, FINALE_TARGET,
    ));
}

sub _route {
    my ($self) = @_;
    my $s    = $self->{s};
    my @stops = map { sprintf('«%s» (a crowd of %d)', $_->{name}, $_->{crowd}) } @ROUTE;
    my $text = 'The road runs from ' . shift(@stops) . ' to ' . _and_list(@stops) . ', where the Grand Finale is staged.';
    $text .= sprintf(' You are in «%s» on day %d of %d.', $s->{'Town'}, $s->{'Day'}, LAST_DAY);
    my @bills = map { sprintf('«%s»', $_) } grep { $s->{'Bills Posted'}{$_} } $self->_towns_ahead;
    $text .= ' Bills are posted in ' . _and_list(@bills) . '.' if @bills;
    return $self->_ok($text);
}

sub _hire {
    my ($self, $phrase) = @_;
    my $s    = $self->{s};
    my $name = _resolve($phrase);
    return $self->_fail(sprintf('There is nobody called %s looking for work with the circus.', uc _bare($phrase)))
        unless defined $name && ($PERFORMER{$name} || $ANIMAL{$name});
    return $self->_fail(sprintf('The %s already %s to the circus.', uc $name, _verb($name, 'belongs', 'belong')))
        if $ANIMAL{$name};
    return $self->_fail(sprintf('The %s %s already with the troupe.', uc $name, _verb($name, 'is', 'are')))
        if $s->{'Troupe'}{$name};

    my $p = $PERFORMER{$name};
    return $self->_fail(sprintf('The %s %s not looking for work in «%s»; you would find them in «%s».',
        uc $name, _verb($name, 'is', 'are'), $s->{'Town'}, $p->{home}))
        if $p->{home} ne $s->{'Town'};
    return $self->_fail(sprintf('The %s %s %d coins to sign, and the purse holds only %d.',
        uc $name, _verb($name, 'wants', 'want'), $p->{fee}, $s->{'Purse'}))
        if $p->{fee} > $s->{'Purse'};

    $s->{'Purse'} -= $p->{fee};
    $s->{'Troupe'}{$name} = { 'Wage' => $p->{wage}, 'Draw' => $p->{draw}, 'Away In' => undef };
    $s->{'Wage Bill'} += $p->{wage};
    return $self->_ok(sprintf('You hire the %s for %d coins; they will want %d coins a day in wages. The purse holds %d coins.',
        uc $name, $p->{fee}, $p->{wage}, $s->{'Purse'}));
}

sub _dismiss {
    my ($self, $phrase) = @_;
    my $s    = $self->{s};
    my $name = _resolve($phrase);
    return $self->_fail(sprintf('There is no %s on the payroll.', uc _bare($phrase)))
        unless defined $name && $s->{'Troupe'}{$name};

    my $gone = delete $s->{'Troupe'}{$name};
    my $where = defined $gone->{'Away In'} ? "from «$gone->{'Away In'}»" : 'from the wagons';
    return $self->_ok(sprintf('You pay off the %s, who %s home to «%s» %s.',
        uc $name, _verb($name, 'heads', 'head'), $PERFORMER{$name}{home}, $where));
}

sub _buy {
    my ($self, $phrase) = @_;
    my $s = $self->{s};
    my ($qty, $what) = _quantity($phrase);
    return $self->_fail('Say how many and of what, as in buy 6 bales of animal feed.') unless defined $what;
    my $item = _resolve($what);
    return $self->_fail(sprintf('The market in «%s» sells «Animal Feed» and «Tent Canvas», not %s.', $s->{'Town'}, $what))
        unless defined $item && $ITEM{$item};
    return $self->_fail('Buy at least one, or nothing at all.') if $qty < 1;
    return $self->_fail(sprintf('No merchant in «%s» sells more than %d at once.', $s->{'Town'}, MAX_PURCHASE))
        if $qty > MAX_PURCHASE;

    my $unit;
    if ($item eq 'Animal Feed') {
        $unit = $qty > BULK_BALES ? BULK_PRICE : FEED_PRICE;
    }
    else {
        $unit = CANVAS_PRICE;
    }
    my $cost = $qty * $unit;
    return $self->_fail(sprintf('%s would cost %d coins, and the purse holds only %d.',
        ucfirst _count($item, $qty), $cost, $s->{'Purse'}))
        if $cost > $s->{'Purse'};

    $s->{'Purse'} -= $cost;
    $s->{'Stores'}{$item} += $qty;
    return $self->_ok(sprintf('You buy %s for %d coins (%d a %s). The stores now hold %s and the purse %d coins.',
        _count($item, $qty), $cost, $unit, $ITEM{$item}{unit}, _count($item, $s->{'Stores'}{$item}), $s->{'Purse'}));
}

sub _feed {
    my ($self, $phrase) = @_;
    my $s    = $self->{s};
    my $bare = _bare($phrase);
    my @want;
    if ($bare =~ /^(?:all (?:of )?(?:the )?)?(?:animals|beasts|menagerie)$/) {
        @want = sort keys %{ $s->{'Animals'} };
    }
    else {
        my $name = _resolve($phrase);
        return $self->_fail(sprintf('The %s %s for %s own supper.', uc $name, _verb($name, 'pays', 'pay'),
            $PERFORMER{$name}{plural} ? 'their' : 'his'))
            if defined $name && $PERFORMER{$name};
        return $self->_fail(sprintf('The circus has no animal called %s.', uc $bare))
            unless defined $name && $ANIMAL{$name};
        return $self->_fail(sprintf('The %s %s already been fed today.', uc $name, _verb($name, 'has', 'have')))
            if $s->{'Animals'}{$name}{'Fed Today'};
        @want = ($name);
    }

    my @hungry = grep { !$s->{'Animals'}{$_}{'Fed Today'} } @want;
    return $self->_fail('Every animal has already been fed today.') unless @hungry;

    my (@ate, @missed);
    for my $name (@hungry) {
        my $beast  = $s->{'Animals'}{$name};
        my $ration = $beast->{'Ration'};
        if ($s->{'Stores'}{'Animal Feed'} >= $ration) {
            $s->{'Stores'}{'Animal Feed'} -= $ration;
            $beast->{'Fed Today'} = $TRUE;
            push @ate, sprintf('the %s %s %s', uc $name, _verb($name, 'eats', 'eat'), _count('Animal Feed', $ration));
        }
        else {
            push @missed, sprintf('the %s', uc $name);
        }
    }
    return $self->_fail(sprintf('There is not enough «Animal Feed» in the stores for %s; buy some at the market.',
        _and_list(@missed)))
        unless @ate;

    my $text = ucfirst(_and_list(@ate)) . '.';
    $text .= ' There is not enough left for ' . _and_list(@missed) . ', who will go hungry.' if @missed;
    $text .= sprintf(' The stores hold %s.', _count('Animal Feed', $s->{'Stores'}{'Animal Feed'}));
    return $self->_ok($text);
}

sub _repair {
    my ($self) = @_;
    my $s = $self->{s};
    return $self->_fail(sprintf('The tent is sound at %d%%; there is nothing to mend.', MAX_CONDITION))
        if $s->{'Tent Condition'} >= MAX_CONDITION;
    return $self->_fail('There is no «Tent Canvas» in the stores to patch the tent with.')
        if $s->{'Stores'}{'Tent Canvas'} < 1;

    my $mended = $s->{'Tent Condition'} + REPAIR_AMOUNT;
    if ($mended >= MAX_CONDITION) {
        $s->{'Tent Condition'} = MAX_CONDITION;
        return $self->_ok(sprintf('You stitch a patch of «Tent Canvas» over the last of the tears; the tent is as good as new at %d%%.',
            MAX_CONDITION));
    }
    $s->{'Stores'}{'Tent Canvas'} -= 1;
    $s->{'Tent Condition'} = $mended;
    return $self->_ok(sprintf('You stitch a patch of «Tent Canvas» into the tent, which now stands at %d%%. The stores hold %s.',
        $mended, _count('Tent Canvas', $s->{'Stores'}{'Tent Canvas'})));
}

sub _price {
    my ($self, $phrase) = @_;
    my $s = $self->{s};
    my ($amount) = $phrase =~ /^(\w+)(?: coins?)?(?: (?:a|per|each|for a) ticket| each)?$/;
    $amount = $NUMBER_WORD{$amount} if defined $amount && exists $NUMBER_WORD{$amount};
    return $self->_fail(sprintf('The ticket price must be a whole number of coins from %d to %d.', MIN_PRICE, MAX_PRICE))
        unless defined $amount && $amount =~ /^\d{1,3}$/ && $amount >= MIN_PRICE && $amount <= MAX_PRICE;
    $s->{'Ticket Price'} = $amount + 0;
    return $self->_ok(sprintf('Tickets will sell at %d %s each from the next show on.', $amount, $amount == 1 ? 'coin' : 'coins'));
}

sub _show {
    my ($self) = @_;
    my $s    = $self->{s};
    my $town = $s->{'Town'};
    return $self->_fail('The troupe has already performed today; rest for the day or travel on before the next show.')
        if $s->{'Show Staged Today'};

    my @performers = grep { !defined $s->{'Troupe'}{$_}{'Away In'} } sort keys %{ $s->{'Troupe'} };
    my @animals    = grep { $s->{'Animals'}{$_}{'Fed Today'} } sort keys %{ $s->{'Animals'} };
    return $self->_fail('There is no act to put on: hire a performer or feed the animals first.')
        unless @performers || @animals;

    my $price = $s->{'Ticket Price'};
    my $draw  = sum0(map { $s->{'Troupe'}{$_}{'Draw'} } @performers)
        + sum0(map { $s->{'Animals'}{$_}{'Draw'} } @animals)
        + ($s->{'Bills Posted'}{$town} // 0)
        + PRICE_SWING * (BASE_PRICE - $price);
    $draw = 0 if $draw < 0;
    my $audience = min($draw, $ROUTE[ $self->_town_index ]{crowd}, $self->_seats);
    my $takings  = $audience * $price;

    $s->{'Purse'}         += $takings;
    $s->{'Total Takings'} += $takings;
    $s->{'Shows Staged'}  += 1;
    $s->{'Show Staged Today'} = $TRUE;
    $s->{'Last Show'} = { 'Town' => $town, 'Day' => $s->{'Day'}, 'Audience' => $audience, 'Ticket Price' => $price, 'Takings' => $takings };
    delete $s->{'Bills Posted'}{$town};
    $s->{'Tent Condition'} -= SHOW_WEAR;

    my @acts = map { 'the ' . uc $_ } @performers, @animals;
    my $text = sprintf('The band strikes up in «%s» and %s %s. ', $town, _and_list(@acts),
        @acts == 1 && !_is_plural($performers[0] // $animals[0]) ? 'performs' : 'perform');
    $text .= $audience
        ? sprintf('%d tickets sold at %d coins each bring in %d coins, and the purse holds %d.', $draw, $price, $takings, $s->{'Purse'})
        : sprintf('Not a soul buys a ticket at %d coins; the purse still holds %d.', $price, $s->{'Purse'});

    if ($s->{'Tent Condition'} <= 0) {
        $s->{'Tent Condition'} = 0;
        $s->{'Season Over'}    = $TRUE;
        return $self->_ok($text . ' With the last bow the worn-out tent comes down on the ring. The season is over.');
    }
    $text .= sprintf(' The tent wears to %d%%.', $s->{'Tent Condition'});

    if ($town eq $ROUTE[-1]{name} && $s->{'Purse'} >= FINALE_TARGET) {
        $s->{'Won'}         = $TRUE;
        $s->{'Season Over'} = $TRUE;
        $text .= sprintf(' It is the Grand Finale the whole road talked about: with %d coins in the purse the Tumblebrook Travelling Circus ends its season in triumph. You win!', $s->{'Purse'});
    }
    return $self->_ok($text);
}

sub _send {
    my ($self, $who, $where) = @_;
    my $s    = $self->{s};
    my $name = _resolve($who);
    return $self->_fail(sprintf('The %s cannot post bills; animals stay with the wagons.', uc $name))
        if defined $name && $ANIMAL{$name};
    return $self->_fail(sprintf('There is no %s on the payroll to send.', uc _bare($who)))
        unless defined $name && $s->{'Troupe'}{$name};
    my $p = $s->{'Troupe'}{$name};
    return $self->_fail(sprintf('The %s %s already posting bills in «%s».', uc $name, _verb($name, 'is', 'are'), $p->{'Away In'}))
        if defined $p->{'Away In'};

    my $town = _town_named($where);
    return $self->_fail(sprintf('«%s» is not on the circus route.', _title(_bare($where))))
        unless defined $town;
    return $self->_fail(sprintf('«%s» is not ahead of you on the road; bills go to towns still to come.', $town))
        unless grep { $_ eq $town } $self->_towns_ahead;

    $p->{'Away In'} = $town;
    $s->{'Bills Posted'}{$town} = ($s->{'Bills Posted'}{$town} // 0) + BILL_BONUS;
    return $self->_ok(sprintf('The %s %s off for «%s» with a bundle of bills and a pot of paste, and will rejoin the troupe when the wagons arrive there.',
        uc $name, _verb($name, 'sets', 'set'), $town));
}

sub _travel {
    my ($self, $where) = @_;
    my $s    = $self->{s};
    my $here = $self->_town_index;
    return $self->_fail(sprintf('«%s» is the end of the road; the Grand Finale is staged here.', $s->{'Town'}))
        if $here == $#ROUTE;
    my $next = $ROUTE[ $here + 1 ]{name};
    if (defined $where) {
        my $town = _town_named($where);
        return $self->_fail(sprintf('«%s» is not on the circus route.', _title(_bare($where))))
            unless defined $town;
        return $self->_fail(sprintf('The wagons are already in «%s».', $town)) if $town eq $s->{'Town'};
        return $self->_fail(sprintf('The road from «%s» leads to «%s» first.', $s->{'Town'}, $next))
            if $town ne $next;
    }

    $s->{'Town'} = $next;
    $s->{'Tent Condition'} -= TRAVEL_WEAR;
    $s->{'Show Staged Today'} = $FALSE;
    my @text = sprintf('The wagons roll into «%s».', $next);
    push @text, $self->_new_day;

    my @back = grep { ($s->{'Troupe'}{$_}{'Away In'} // '') eq $next } sort keys %{ $s->{'Troupe'} };
    $s->{'Troupe'}{$_}{'Away In'} = undef for @back;
    push @text, sprintf('%s %s the troupe at the edge of town, pointing proudly at the bills on every wall.',
        ucfirst _and_list(map { 'the ' . uc $_ } @back), @back == 1 && !_is_plural($back[0]) ? 'meets' : 'meet')
        if @back;

    if ($s->{'Tent Condition'} <= 0) {
        $s->{'Tent Condition'} = 0;
        $s->{'Season Over'}    = $TRUE;
        push @text, 'The tent, rotten through, tears apart on the road. The season is over.';
    }
    elsif (!$s->{'Season Over'}) {
        my @hire = map { 'the ' . uc $_ } $self->_for_hire;
        push @text, sprintf('%s %s looking for work here.', ucfirst _and_list(@hire), @hire == 1 && !_is_plural(($self->_for_hire)[0]) ? 'is' : 'are')
            if @hire;
    }
    return $self->_ok(join ' ', @text);
}

sub _rest {
    my ($self) = @_;
    my $s = $self->{s};
    my @text = sprintf('The troupe rests a day in «%s», mending costumes and practising.', $s->{'Town'});
    push @text, $self->_new_day;
    return $self->_ok(join ' ', @text);
}

# Dawn: the animals are hungry again, wages fall due, and the season may end.
sub _new_day {
    my ($self) = @_;
    my $s = $self->{s};
    if ($s->{'Day'} >= LAST_DAY) {
        $s->{'Season Over'} = $TRUE;
        return sprintf('Day %d has ended and so has the season, short of the Grand Finale. The troupe disbands for the winter.', LAST_DAY);
    }
    $s->{'Day'} += 1;
    $_->{'Fed Today'} = $FALSE for values %{ $s->{'Animals'} };

    my @text = sprintf('It is day %d of %d.', $s->{'Day'}, LAST_DAY);
    my $wages = sum0(map { $_->{'Wage'} } values %{ $s->{'Troupe'} });
    if ($wages && $wages <= $s->{'Purse'}) {
        $s->{'Purse'} -= $wages;
        push @text, sprintf('You pay %d coins in wages, leaving %d in the purse.', $wages, $s->{'Purse'});
    }
    elsif ($wages) {
        my @gone = map { 'the ' . uc $_ } sort keys %{ $s->{'Troupe'} };
        $s->{'Troupe'}    = {};
        $s->{'Wage Bill'} = 0;
        push @text, sprintf('The purse cannot cover %d coins of wages, so %s walk out.', $wages, _and_list(@gone));
    }
    push @text, 'The animals are hungry again.';
    return @text;
}

# --- helpers --------------------------------------------------------------

sub _ok   { my ($self, $text) = @_; return (1, $text) }
sub _fail { my ($self, $text) = @_; return (0, $text) }

sub _town_index {
    my ($self) = @_;
    my $town = $self->{s}{'Town'};
    return first { $ROUTE[$_]{name} eq $town } 0 .. $#ROUTE;
}

sub _towns_ahead {
    my ($self) = @_;
    my $here = $self->_town_index;
    return map { $_->{name} } @ROUTE[ $here + 1 .. $#ROUTE ];
}

sub _seats {
    my ($self) = @_;
    return $self->{s}{'Tent Condition'} >= TORN_BELOW ? FULL_SEATS : TORN_SEATS;
}

sub _for_hire {
    my ($self) = @_;
    my $s = $self->{s};
    return grep { $PERFORMER{$_}{home} eq $s->{'Town'} && !$s->{'Troupe'}{$_} } sort keys %PERFORMER;
}

sub _normalise {
    my ($text) = @_;
    $text = '' unless defined $text;
    $text = lc $text;
    $text =~ s/[\x{2018}\x{2019}]/'/g;
    $text =~ s/[«»"]//g;
    $text =~ s/\s+/ /g;
    $text =~ s/^ | $//g;
    $text =~ s/[.!?]+$//;
    $text =~ s/^(?:please )//;
    $text =~ s/,? please$//;
    $text =~ s/^ | $//g;
    return $text;
}

sub _bare {
    my ($phrase) = @_;
    $phrase = '' unless defined $phrase;
    $phrase =~ s/^(?:the|our|my|a|an) //;
    return $phrase;
}

sub _resolve {
    my ($phrase) = @_;
    my $bare = _bare($phrase);
    $bare =~ s/^(?:bales?|sacks?|patch(?:es)?|pieces?|rolls?) of (?:the )?//;
    return $ALIAS{$bare};
}

sub _town_named {
    my ($phrase) = @_;
    my $bare = _bare($phrase);
    return first { lc $_ eq $bare } map { $_->{name} } @ROUTE;
}

sub _quantity {
    my ($phrase) = @_;
    my ($n, $rest) = $phrase =~ /^(\d+|a dozen|[a-z]+) (.+)$/;
    if (defined $n && (exists $NUMBER_WORD{$n} || $n =~ /^\d+$/)) {
        $n = $NUMBER_WORD{$n} if exists $NUMBER_WORD{$n};
        return ($n + 0, $rest) if length $n <= 6;
        return (MAX_PURCHASE + 1, $rest);
    }
    $phrase =~ s/^some //;
    return (1, $phrase) if length $phrase;
    return;
}

sub _count {
    my ($item, $n) = @_;
    my $word = $n == 1 ? $ITEM{$item}{unit} : $ITEM{$item}{units};
    return sprintf('%d %s of «%s»', $n, $word, $item);
}

sub _is_plural {
    my ($name) = @_;
    return 0 unless defined $name;
    return ($PERFORMER{$name} && $PERFORMER{$name}{plural}) || ($ANIMAL{$name} && $ANIMAL{$name}{plural}) ? 1 : 0;
}

sub _verb {
    my ($name, $one, $many) = @_;
    return _is_plural($name) ? $many : $one;
}

sub _and_list {
    my @items = @_;
    return '' unless @items;
    return $items[0] if @items == 1;
    return join(', ', @items[ 0 .. $#items - 1 ]) . ' and ' . $items[-1];
}

sub _title {
    my ($text) = @_;
    return join ' ', map { ucfirst } split / /, $text;
}

1;

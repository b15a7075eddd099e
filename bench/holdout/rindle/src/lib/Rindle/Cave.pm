package Rindle::Cave;

# One season in a cheese cave: milk comes in by the week, is set into wheels
# in the dairy, salted, carried down to the cave to age, turned and tended,
# and finally sold at the market stall.  See docs/rules.md for the numbers.

use strict;
use warnings;

use POSIX qw(ceil);
use JSON::PP ();

our $WEEKS        = 16;     # length of the season
our $GOAL         = 100;    # coins that make the season a success
our $START_COINS  = 30;
our $SHELVES      = 6;      # wheels the cave holds
our $MILK_LIMIT   = 100;    # litres the farm can spare for one week
our $LITRES_COIN  = 5;      # litres of milk one coin buys
our $SALT_PRICE   = 2;      # coins per kg
our $RENNET_PRICE = 3;      # coins per tablet
our $MIN_LITRES   = 20;
our $MAX_LITRES   = 60;
our $RIPE_WEEKS   = 4;      # youngest a wheel may be sold
our $DRY_LIMIT    = 80;     # below this the rinds crack
our $DAMP_LIMIT   = 95;     # above this the rinds grow mould
our $START_HUMID  = 88;
our $DRIFT        = 2;      # the cave dries this much every week
our $MIST_STEP    = 5;

# [youngest age in weeks, grade, coins per kg], oldest grade first
my @GRADES = (
    [ 8, 'vintage', 9 ],
    [ 6, 'mature',  6 ],
    [ 4, 'young',   4 ],
);

my @PLACES = qw(dairy cave stall yard);

my %DESCRIBE = (
    dairy => 'The dairy: steel vats, the cheese press and the salting bench.',
    cave  => 'The cave: cool stone shelves cut into the hill, smelling of ammonia and old rind.',
    stall => 'The market stall: a striped awning, a chalk board and a scrubbed wooden counter.',
    yard  => 'The yard: the farm cart calls here, and the merchant sells salt and rennet from his van.',
);

my %HELP = (
    dairy => [
        [ 'stock',          'milk, salt and rennet in the dairy, and the wheels on the bench' ],
        [ 'make <litres>',  'set 20 to 60 L of milk (10 L steps) with one rennet tablet into a new wheel' ],
        [ 'salt #<n> <kg>', 'rub salt into a wheel on the bench' ],
        [ 'carry #<n>',     'carry a fully salted wheel down to the cave' ],
    ],
    cave => [
        [ 'shelves',    'the wheels on the shelves and the humidity' ],
        [ 'turn #<n>',  'turn a wheel (every wheel once a week)' ],
        [ 'mist',       'wet the walls: humidity up 5 points' ],
        [ 'vent',       'open the vent: humidity down 5 points' ],
        [ 'brush #<n>', 'brush the mould off a wheel' ],
        [ 'pull #<n>',  'take a ripe wheel (4 weeks or older) up to the stall' ],
    ],
    stall => [
        [ 'counter',    'the wheels on the counter' ],
        [ 'prices',     'what a kilo fetches at each age' ],
        [ 'quote #<n>', 'what a wheel on the counter would fetch' ],
        [ 'sell #<n>',  'sell a wheel from the counter' ],
    ],
    yard => [
        [ 'ledger',         'the week, your coins and your sales' ],
        [ 'buy salt <kg>',  'salt at 2 coins a kg' ],
        [ 'buy rennet <n>', 'rennet at 3 coins a tablet' ],
        [ 'order <litres>', 'milk for next week: 10 L steps, 1 coin per 5 L, 100 L a week at most' ],
        [ 'rest',           'close up for the week; the next week begins' ],
    ],
);

my %HANDLERS = (
    dairy => { stock   => \&_stock,   make  => \&_make,  salt  => \&_salt, carry => \&_carry },
    cave  => { shelves => \&_shelves, turn  => \&_turn,  mist  => \&_mist, vent  => \&_vent,
               brush   => \&_brush,   pull  => \&_pull },
    stall => { counter => \&_counter, prices => \&_prices, quote => \&_quote, sell => \&_sell },
    yard  => { ledger  => \&_ledger,  buy   => \&_buy,   order => \&_order, rest  => \&_rest },
);

sub new {
    my ($class) = @_;
    return bless {
        place      => 'dairy',
        coins      => $START_COINS,
        stock      => [ [ milk_l => 60 ], [ salt_kg => 4 ], [ rennet => 2 ] ],
        orders     => [],      # [week due, litres]
        humidity   => $START_HUMID,
        wheels     => {},      # number => wheel
        next_wheel => 1,
        sold       => [],      # [wheel number, coins]
        week       => 1,
        won        => 0,
        lost       => 0,
        turn       => 0,
    }, $class;
}

sub places { return @PLACES }

sub intro {
    my ($self) = @_;
    return "Rindle: one season in a cheese cave. You have $self->{coins} coins, $WEEKS weeks and a cave "
        . "of $SHELVES shelves; make $GOAL coins at the market stall before the season ends. "
        . "This week's milk is already in the churns. " . $self->_describe;
}

sub over { my ($self) = @_; return $self->{won} || $self->{lost} }

sub turn { my ($self) = @_; return $self->{turn} }

# --- small helpers -------------------------------------------------------

sub pair_get {
    my ($list, $key) = @_;
    for my $pair (@$list) {
        return $pair->[1] if $pair->[0] eq $key;
    }
    return 0;
}

sub pair_add {
    my ($list, $key, $amount) = @_;
    for my $pair (@$list) {
        if ($pair->[0] eq $key) {
            $pair->[1] += $amount;
            return $pair->[1];
        }
    }
    push @$list, [ $key, $amount ];
    return $amount;
}

sub _yes { return { success => 1, message => $_[0] } }
sub _no  { return { success => 0, message => $_[0] } }

sub _count { my ($n, $one, $many) = @_; return "$n " . ($n == 1 ? $one : $many) }

sub _qty {
    my ($text) = @_;
    return undef unless defined $text && $text =~ /^\d{1,5}$/;
    return $text + 0;
}

sub _wheel_no {
    my ($text) = @_;
    return undef unless defined $text && $text =~ /^#?(\d{1,6})$/;
    return $1 + 0;
}

sub _find_wheel {
    my ($self, $text, $where) = @_;
    my $n = _wheel_no($text);
    return (undef, 'Which wheel? Wheels go by number, like #3.') unless defined $n;
    my $wheel = $self->{wheels}{$n};
    unless ($wheel) {
        return (undef, "#$n went over the counter already.") if grep { $_->[0] == $n } @{ $self->{sold} };
        return (undef, "There is no wheel #$n.");
    }
    return (undef, "#$n is in the $wheel->{where}, not the $where.") if $wheel->{where} ne $where;
    return ($wheel, undef, $n);
}

sub _numbers_in {
    my ($self, $where) = @_;
    return sort { $a <=> $b } grep { $self->{wheels}{$_}{where} eq $where } keys %{ $self->{wheels} };
}

sub _grade {
    my ($age) = @_;
    for my $g (@GRADES) {
        return ($g->[1], $g->[2]) if $age >= $g->[0];
    }
    return ('green', 0);
}

# What a wheel fetches: kg times the grade's rate, less a quarter for each rind fault.
sub _price {
    my ($wheel) = @_;
    my ($grade, $rate) = _grade($wheel->{age});
    my $full = $wheel->{kg} * $rate;
    my $faults = @{ $wheel->{faults} };
    $faults = 4 if $faults > 4;
    return (int($full * (4 - $faults) / 4), $full, $grade);
}

sub _faults_text {
    my ($wheel) = @_;
    return @{ $wheel->{faults} } ? join(', ', @{ $wheel->{faults} }) : 'no faults';
}

sub _describe {
    my ($self) = @_;
    my $place = $self->{place};
    my $text = $DESCRIBE{$place};
    if ($place eq 'dairy') {
        my $bench = () = $self->_numbers_in('dairy');
        $text .= sprintf(' Milk in the churns: %d L. Wheels on the bench: %d.',
            pair_get($self->{stock}, 'milk_l'), $bench);
    }
    elsif ($place eq 'cave') {
        my $used = () = $self->_numbers_in('cave');
        $text .= sprintf(' %d of %d shelves in use. Humidity %d%%.', $used, $SHELVES, $self->{humidity});
    }
    elsif ($place eq 'stall') {
        my $on = () = $self->_numbers_in('stall');
        $text .= ' Wheels on the counter: ' . $on . '.';
    }
    else {
        $text .= sprintf(' Week %d of %d, %d coins.', $self->{week}, $WEEKS, $self->{coins});
    }
    return $text . ' Type help for what you can do here.';
}

# --- the command line ----------------------------------------------------

sub command {
    my ($self, $text) = @_;
    $self->{turn}++;
    $text = '' unless defined $text;
    $text =~ s/^\s+|\s+$//g;
    my @words = split /\s+/, lc $text;
    return _no('Say what you want to do. Type help for the commands of this place.') unless @words;
    my $verb = shift @words;
    return $self->_help if $verb eq 'help';
    if ($self->over) {
        return _no('The season is over. Start a new game to make cheese again.');
    }
    return $self->_go(@words) if $verb eq 'go';
    my $handler = $HANDLERS{ $self->{place} }{$verb};
    return $handler->($self, @words) if $handler;
    for my $place (@PLACES) {
        return _no("You can't $verb in the $self->{place}; that is done in the $place.")
            if $HANDLERS{$place}{$verb};
    }
    return _no("Nobody in the $self->{place} knows how to '$verb'. Type help for what you can do here.");
}

sub _help {
    my ($self) = @_;
    my $place = $self->{place};
    my @lines = ("In the $place you can:");
    push @lines, sprintf('  %-16s %s', @$_) for @{ $HELP{$place} };
    push @lines, sprintf('  %-16s %s', 'go <place>', 'walk to the ' . join(', ', grep { $_ ne $place } @PLACES));
    return _yes(join("\n", @lines));
}

sub _go {
    my ($self, @words) = @_;
    my ($place) = grep { $_ ne 'to' && $_ ne 'the' } @words;
    return _no('Go where? The dairy, the cave, the stall or the yard.') unless defined $place;
    return _no("There is no '$place' here. You can go to the dairy, the cave, the stall or the yard.")
        unless $HANDLERS{$place};
    return _no("You are in the $place already.") if $place eq $self->{place};
    $self->{place} = $place;
    return _yes($self->_describe);
}

# --- the dairy -----------------------------------------------------------

sub _stock {
    my ($self) = @_;
    my $text = sprintf('Milk %d L, salt %d kg, rennet %d.',
        map { pair_get($self->{stock}, $_) } qw(milk_l salt_kg rennet));
    my @bench = $self->_numbers_in('dairy');
    if (@bench) {
        $text .= ' On the bench: ' . join('; ', map {
            my $w = $self->{wheels}{$_};
            sprintf('#%d %d kg, salt %d of %d kg', $_, $w->{kg}, $w->{salt}, $w->{salt_need});
        } @bench) . '.';
    }
    else {
        $text .= ' The bench is empty.';
    }
    return _yes($text);
}

sub _make {
    my ($self, $arg) = @_;
    my $litres = _qty($arg);
    return _no('How much milk? For example: make 40.') unless defined $litres;
    return _no("A wheel takes $MIN_LITRES to $MAX_LITRES L of milk, in steps of 10 L.")
        if $litres < $MIN_LITRES || $litres > $MAX_LITRES || $litres % 10;
    my $milk = pair_get($self->{stock}, 'milk_l');
    return _no("There are only $milk L of milk in the churns.") if $milk < $litres;
    return _no('You are out of rennet; the merchant in the yard sells it.')
        if pair_get($self->{stock}, 'rennet') < 1;

    pair_add($self->{stock}, milk_l => -$litres);
    pair_add($self->{stock}, rennet => -1);
    my $n = $self->{next_wheel}++;
    my $kg = $litres / 10;
    $self->{wheels}{$n} = {
        kg        => $kg,
        salt      => 0,
        salt_need => ceil($kg / 2),
        where     => 'dairy',
        age       => 0,
        turned    => 0,
        faults    => [],
        made      => $self->{week},
    };
    return _yes(sprintf('You warm %d L of milk, stir in a rennet tablet and press the curd into wheel #%d, '
            . '%d kg. It needs %d kg of salt before it can go down to the cave.',
            $litres, $n, $kg, $self->{wheels}{$n}{salt_need}));
}

sub _salt {
    my ($self, $which, $arg) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'dairy');
    return _no($error) if $error;
    my $kg = _qty($arg);
    return _no("How much salt? For example: salt #$n 1.") unless $kg;
    my $wants = $wheel->{salt_need} - $wheel->{salt};
    return _no("#$n is fully salted already.") if $wants <= 0;
    my $have = pair_get($self->{stock}, 'salt_kg');
    return _no("You have only $have kg of salt.") if $kg > $have;

    my $rubbed = $kg < $wants ? $kg : $wants;
    $wheel->{salt} += $rubbed;
    pair_add($self->{stock}, salt_kg => -$kg);
    my $left = $wheel->{salt_need} - $wheel->{salt};
    my $text = "You rub $rubbed kg of salt into #$n.";
    $text .= $left > 0 ? " It needs $left kg more." : ' It is fully salted and ready for the cave.';
    return _yes($text);
}

sub _carry {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'dairy');
    return _no($error) if $error;
    my $left = $wheel->{salt_need} - $wheel->{salt};
    return _no("#$n still needs $left kg of salt; an unsalted wheel rots on the shelf.") if $left > 0;
    my $used = () = $self->_numbers_in('cave');
    return _no("All $SHELVES shelves in the cave are full.") if $used >= $SHELVES;
    $wheel->{where} = 'cave';
    $wheel->{turned} = 0;
    return _yes(sprintf('You carry #%d down to the cave and set it on a shelf (%d of %d in use). '
            . 'Remember to turn it every week.', $n, $used + 1, $SHELVES));
}

# --- the cave ------------------------------------------------------------

sub _shelves {
    my ($self) = @_;
    my @here = $self->_numbers_in('cave');
    my $text = sprintf('Humidity %d%%. %d of %d shelves in use.', $self->{humidity}, scalar @here, $SHELVES);
    for my $n (@here) {
        my $w = $self->{wheels}{$n};
        $text .= sprintf("\n  #%d  %d kg, %s, %s, %s", $n, $w->{kg}, _count($w->{age}, 'week', 'weeks'),
            $w->{turned} ? 'turned this week' : 'not turned yet', _faults_text($w));
    }
    return _yes($text);
}

sub _turn {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'cave');
    return _no($error) if $error;
    return _no("You turned #$n this week already.") if $wheel->{turned};
    $wheel->{turned} = 1;
    return _yes("You turn #$n over on its shelf and wipe the board under it.");
}

sub _mist {
    my ($self) = @_;
    return _no('The walls are running wet; the cave cannot get any damper.') if $self->{humidity} >= 100;
    $self->{humidity} += $MIST_STEP;
    $self->{humidity} = 100 if $self->{humidity} > 100;
    return _yes("You wet the floor and mist the walls. Humidity $self->{humidity}%.");
}

sub _vent {
    my ($self) = @_;
    return _no('The vent is wide open already.') if $self->{humidity} <= 50;
    $self->{humidity} -= $MIST_STEP;
    $self->{humidity} = 50 if $self->{humidity} < 50;
    return _yes("You open the vent for a while. Humidity $self->{humidity}%.");
}

sub _brush {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'cave');
    return _no($error) if $error;
    my @faults = @{ $wheel->{faults} };
    return _no("There is no mould on #$n.") unless grep { $_ eq 'mould' } @faults;
    @faults = grep { $_ ne 'mould' } @faults;
    my $rest = @faults ? 'Still there: ' . join(', ', @faults) . '.' : 'The rind is clean.';
    return _yes("You brush the mould off #$n with a dry brush. $rest");
}

sub _pull {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'cave');
    return _no($error) if $error;
    return _no(sprintf('#%d has aged only %s; a wheel needs %d weeks before it can be sold.',
            $n, _count($wheel->{age}, 'week', 'weeks'), $RIPE_WEEKS))
        if $wheel->{age} < $RIPE_WEEKS;
    $wheel->{where} = 'stall';
    return _yes("You lift #$n off its shelf and carry it up to the stall.");
}

# --- the stall -----------------------------------------------------------

sub _counter {
    my ($self) = @_;
    my @here = $self->_numbers_in('stall');
    return _yes('The counter is bare. Ripe wheels come up from the cave with pull.') unless @here;
    my $text = 'On the counter:';
    for my $n (@here) {
        my $w = $self->{wheels}{$n};
        my ($price, undef, $grade) = _price($w);
        $text .= sprintf("\n  #%d  %d kg %s, %s, %s", $n, $w->{kg}, $grade, _faults_text($w),
            _count($price, 'coin', 'coins'));
    }
    return _yes($text);
}

sub _prices {
    my ($self) = @_;
    my @parts = map {
        my $g = $GRADES[$_];
        my $span = $_ == 0 ? "$g->[0]+ weeks" : sprintf('%d-%d weeks', $g->[0], $GRADES[ $_ - 1 ][0] - 1);
        sprintf('%s (%s) %d coins', $g->[1], $span, $g->[2]);
    } reverse 0 .. $#GRADES;
    return _yes('A kilo fetches: ' . join(', ', @parts) . '. Each rind fault takes a quarter off the price.');
}

sub _quote {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'stall');
    return _no($error) if $error;
    my ($price, $full, $grade) = _price($wheel);
    my $text = sprintf('#%d: %d kg of %s cheese, %s.', $n, $wheel->{kg}, $grade, _faults_text($wheel));
    $text .= $price == $full
        ? " It would fetch $price coins."
        : " Clean it would fetch $full coins; as it is, $price.";
    return _yes($text);
}

sub _sell {
    my ($self, $which) = @_;
    my ($wheel, $error, $n) = $self->_find_wheel($which, 'stall');
    return _no($error) if $error;
    my ($price, $full, $grade) = _price($wheel);
    $self->{coins} += $price;
    delete $self->{wheels}{$n};
    push @{ $self->{sold} }, [ $n, $price ];
    my $text = sprintf('You sell #%d, %d kg of %s cheese, for %d coins.', $n, $wheel->{kg}, $grade, $full);
    if (!$self->{won} && $self->{coins} >= $GOAL) {
        $self->{won} = 1;
        $text .= " That makes $self->{coins} coins: the season is a success and the cave is yours. You win!";
    }
    return _yes($text);
}

# --- the yard ------------------------------------------------------------

sub _ledger {
    my ($self) = @_;
    my $sold = @{ $self->{sold} };
    my $takings = 0;
    $takings += $_->[1] for @{ $self->{sold} };
    my $text = sprintf('Week %d of %d. %d coins (the goal is %d).', $self->{week}, $WEEKS, $self->{coins}, $GOAL);
    $text .= sprintf(' Sold %s for %d coins, %d a wheel on average.',
        _count($sold, 'wheel', 'wheels'), $takings, $takings / $sold);
    my $due = $self->_due($self->{week} + 1);
    $text .= " On order for next week: $due L of milk." if $due;
    return _yes($text);
}

sub _buy {
    my ($self, $what, $arg) = @_;
    my %goods = (
        salt   => [ 'salt_kg', $SALT_PRICE,   'kg of salt' ],
        rennet => [ 'rennet',  $RENNET_PRICE, 'rennet tablets' ],
    );
    return _no('Buy what? The merchant has salt and rennet.') unless defined $what && $goods{$what};
    my ($key, $each, $noun) = @{ $goods{$what} };
    my $qty = _qty($arg);
    return _no("How much? For example: buy $what 2.") unless $qty;
    my $cost = $qty * $each;
    return _no("$qty $noun cost $cost coins and you have $self->{coins}.") if $cost > $self->{coins};
    $self->{coins} -= $cost;
    pair_add($self->{stock}, $key => $qty);
    return _yes("You buy $qty $noun for $cost coins. $self->{coins} coins left.");
}

sub _due {
    my ($self, $week) = @_;
    my $litres = 0;
    $litres += $_->[1] for grep { $_->[0] == $week } @{ $self->{orders} };
    return $litres;
}

sub _order {
    my ($self, $arg, $extra) = @_;
    $arg = $extra if defined $arg && $arg eq 'milk';
    my $litres = _qty($arg);
    return _no('How much milk? For example: order 40.') unless $litres;
    return _no('The farm sends milk in 10 L churns; order in steps of 10 L.') if $litres % 10;
    my $due = $self->_due($self->{week} + 1);
    return _no(sprintf('The farm can spare %d L a week; %d L is on order for next week already.',
            $MILK_LIMIT, $due))
        if $litres > $MILK_LIMIT;
    my $cost = ceil($litres / $LITRES_COIN);
    return _no("$litres L of milk cost $cost coins and you have $self->{coins}.") if $cost > $self->{coins};
    $self->{coins} -= $cost;
    pair_add($self->{orders}, $self->{week} + 1, $litres);
    return _yes(sprintf('You pay the carter %d coins. %d L of milk will come at the start of week %d.',
            $cost, $litres, $self->{week} + 1));
}

sub _rest {
    my ($self) = @_;
    my @notes;

    # the cave at the week's end
    my $humidity = $self->{humidity};
    for my $n ($self->_numbers_in('cave')) {
        my $w = $self->{wheels}{$n};
        my @new;
        push @new, 'flat'    unless $w->{turned};
        push @new, 'cracked' if $humidity < $DRY_LIMIT;
        push @new, 'mould'   if $humidity > $DAMP_LIMIT;
        for my $fault (@new) {
            next if grep { $_ eq $fault } @{ $w->{faults} };
            push @{ $w->{faults} }, $fault;
            push @notes, "#$n is $fault" . ($fault eq 'flat' ? ' on one side' : '') . '.';
        }
        $w->{age}++;
        $w->{turned} = 0;
    }
    $self->{humidity} -= $DRIFT;
    $self->{humidity} = 50 if $self->{humidity} < 50;

    # milk keeps for the week it comes in
    my $milk = pair_get($self->{stock}, 'milk_l');
    if ($milk > 0) {
        pair_add($self->{stock}, milk_l => -$milk);
        push @notes, "$milk L of milk soured in the churns and went to the pigs.";
    }

    # the farm cart
    my $week = $self->{week} + 1;
    my $brought = 0;
    $brought += $_->[1] for grep { $_->[0] <= $week } @{ $self->{orders} };
    $self->{orders} = [ grep { $_->[0] > $self->{week} } @{ $self->{orders} } ];
    $self->{week} = $week;
    if ($brought) {
        pair_add($self->{stock}, milk_l => $brought);
    }

    my $text = 'You close up for the week.';
    $text .= ' ' . join(' ', @notes) if @notes;
    if ($self->{week} > $WEEKS) {
        $self->{week} = $WEEKS;
        $self->{lost} = 1;
        return _yes("$text The season is over with $self->{coins} coins in the till; you needed $GOAL.");
    }
    $text .= " Week $week of $WEEKS begins.";
    $text .= " The farm cart brings $brought L of milk." if $brought;
    $text .= " The cave's humidity is $self->{humidity}%.";
    return _yes($text);
}

# --- what the client sees ------------------------------------------------

sub state {
    my ($self) = @_;
    my $true  = JSON::PP::true;
    my $false = JSON::PP::false;
    my %wheels;
    for my $n (keys %{ $self->{wheels} }) {
        my $w = $self->{wheels}{$n};
        $wheels{"$n"} = {
            kg        => 0 + $w->{kg},
            salt      => 0 + $w->{salt},
            salt_need => 0 + $w->{salt_need},
            where     => "$w->{where}",
            age       => 0 + $w->{age},
            turned    => $w->{turned} ? $true : $false,
            faults    => [ map {"$_"} @{ $w->{faults} } ],
            made_week => 0 + $w->{made},
        };
    }
    my $used = () = $self->_numbers_in('cave');
    return {
        place  => $self->{place},
        coins  => 0 + $self->{coins},
        stock  => [ map { [ "$_->[0]", 0 + $_->[1] ] } @{ $self->{stock} } ],
        orders => [ map { [ 0 + $_->[0], 0 + $_->[1] ] } @{ $self->{orders} } ],
        cave   => { humidity => 0 + $self->{humidity}, shelves => 0 + $SHELVES, in_use => 0 + $used },
        wheels => \%wheels,
        sold   => [ map { [ "#$_->[0]", 0 + $_->[1] ] } @{ $self->{sold} } ],
        season => {
            week  => 0 + $self->{week},
            weeks => 0 + $WEEKS,
            goal  => 0 + $GOAL,
            won   => $self->{won} ? $true : $false,
            over  => $self->over ? $true : $false,
        },
    };
}

1;

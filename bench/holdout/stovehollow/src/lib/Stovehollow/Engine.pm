package Stovehollow::Engine;

# The bathhouse itself: one winter week, two pools, two stoves, a woodpile,
# a roof, and whoever comes stamping up the mountain path.

use strict;
use warnings;
use utf8;
use JSON::PP ();
use Exporter 'import';
use Stovehollow::Words qw(read_sentence);

our @EXPORT_OK = qw(new_bathhouse perform);

our @DAYS     = qw(Monday Tuesday Wednesday Thursday Friday Saturday Sunday);
our @ARRIVALS = (5, 4, 6, 5, 7, 9, 8);    # guests at the gate each morning
our @SNOW     = qw(Wednesday Friday);     # nights of heavy snow

use constant {
    OPEN_HOUR        => 8,
    CLOSE_HOUR       => 18,
    COIN_TARGET      => 230,
    START_COINS      => 20,
    SPLIT_MAX        => 6,
    CARRY_MAX        => 5,
    FIREBOX_MAX      => 4,
    STOVE_STACK_MAX  => 12,
    LOG_PRICE        => 2,
    WOODCUTTER_DAILY => 10,
    MEND_COST        => 5,
    MEND_HOURS       => 2,
    MEND_GAIN        => 25,
    ROOF_MAX         => 100,
    ROOF_NIGHTLY     => 4,
    SNOW_DAMAGE      => 30,
    NIGHT_CHILL      => 8,
    HOURLY_CHILL     => 1,
    SNOW_COOLING     => 4,
    FREEZE_AT        => 5,
};

my @COUNT_WORDS = qw(no one two three four five six seven eight nine ten eleven twelve);

sub _say_count {
    my ($n) = @_;
    return $n <= 12 ? $COUNT_WORDS[$n] : "$n";
}

sub _plural {
    my ($n, $one, $many) = @_;
    return _say_count($n) . ' ' . ($n == 1 ? $one : $many);
}

sub _min { $_[0] < $_[1] ? $_[0] : $_[1] }
sub _max { $_[0] > $_[1] ? $_[0] : $_[1] }

sub new_bathhouse {
    return {
        dayOfWeek    => $DAYS[0],
        dayNumber    => 1,
        hour         => OPEN_HOUR,
        woodPile     => { unsplit => 64, split => 2 },
        logsAtStove  => 4,
        logsBurned   => 0,
        pools        => [
            {
                name => 'Hot Pool', stove => 'big stove',
                tempC => 41, minC => 39, maxC => 43, heatPerLogC => 3,
                capacity => 4, bathers => 0, feeCoins => 6, weekendFeeCoins => 8, paidToday => 0,
            },
            {
                name => 'Warm Pool', stove => 'small stove',
                tempC => 35, minC => 33, maxC => 37, heatPerLogC => 2,
                capacity => 6, bathers => 0, feeCoins => 4, weekendFeeCoins => 5, paidToday => 0,
            },
        ],
        guestsWaiting      => $ARRIVALS[0],
        guestsServed       => 0,
        coinPurse          => START_COINS,
        coinTarget         => COIN_TARGET,
        roofCondition      => 58,
        snowForecast       => [@SNOW],
        woodcutterLogsLeft => WOODCUTTER_DAILY,
        bathhouseOpen      => JSON::PP::true,
        gameOver           => JSON::PP::false,
        won                => JSON::PP::false,
    };
}

sub _pool {
    my ($g, $which) = @_;
    return $g->{pools}[ $which eq 'hot' ? 0 : 1 ];
}

sub _in_band {
    my ($p) = @_;
    return $p->{tempC} >= $p->{minC} && $p->{tempC} <= $p->{maxC};
}

sub _fee {
    my ($g, $p) = @_;
    my $weekend = $g->{dayNumber} >= 5;
    return $weekend ? $p->{weekendFeeCoins} : $p->{feeCoins};
}

sub _clock { sprintf('%d:00', $_[0]{hour}) }

# ---------------------------------------------------------------- time

# Let hours go by. Returns the lines to tell the keeper.
sub _pass_hours {
    my ($g, $hours) = @_;
    my @lines;
    for (1 .. $hours) {
        $g->{hour}++;
        for my $p (@{ $g->{pools} }) {
            $p->{tempC} -= HOURLY_CHILL;
            if ($p->{bathers} > 0 && !_in_band($p)) {
                my $why = $p->{tempC} < $p->{minC} ? 'gone tepid' : 'grown scalding';
                push @lines, sprintf(
                    'At %s the %s has %s at %d°C. %s climb out grumbling, demand their %d coins back, and stamp off down the path.',
                    _clock($g), $p->{name}, $why, $p->{tempC},
                    ucfirst(_plural($p->{bathers}, 'bather', 'bathers')), $p->{paidToday});
                $g->{coinPurse}    -= $p->{paidToday};
                $g->{guestsServed} -= $p->{bathers};
                $p->{bathers}   = 0;
                $p->{paidToday} = 0;
            }
        }
        if ($g->{hour} >= CLOSE_HOUR) {
            push @lines, 'The light goes blue and then grey over the peaks; the day is done.';
            push @lines, _nightfall($g);
            last;
        }
    }
    return @lines;
}

sub _nightfall {
    my ($g) = @_;
    my @lines;
    my $bathers = 0;
    for my $p (@{ $g->{pools} }) {
        $bathers += $p->{bathers};
        $p->{bathers}   = 0;
        $p->{paidToday} = 0;
    }
    push @lines, sprintf('%s towel off, pink and sleepy, and lantern their way down the mountain.',
        ucfirst(_plural($bathers, 'bather', 'bathers'))) if $bathers;
    if ($g->{guestsWaiting} > 0) {
        push @lines, sprintf('%s still at the gate give up and turn for home.',
            ucfirst(_plural($g->{guestsWaiting}, 'guest', 'guests')));
        $g->{guestsWaiting} = 0;
    }

    if ($g->{dayOfWeek} eq 'Sunday') {
        $g->{gameOver} = JSON::PP::true;
        if ($g->{coinPurse} >= $g->{coinTarget}) {
            $g->{won} = JSON::PP::true;
            push @lines, sprintf(
                'You bar the door on the last night of the week with %d coins in the purse and steam still rising from both pools. Stovehollow has come through the winter week. You have won.',
                $g->{coinPurse});
        }
        else {
            push @lines, sprintf(
                'The week is over. The purse holds %d coins, short of the %d the bathhouse needed; the owners will not keep it open another winter.',
                $g->{coinPurse}, $g->{coinTarget});
        }
        return @lines;
    }

    for my $p (@{ $g->{pools} }) {
        $p->{tempC} -= NIGHT_CHILL;
    }
    $g->{roofCondition} -= ROOF_NIGHTLY;
    my $snowing = grep { $_ eq $g->{dayOfWeek} } @{ $g->{snowForecast} };
    if ($snowing) {
        $g->{roofCondition} -= SNOW_DAMAGE;
        push @lines, 'In the night heavy snow comes down on the roof, and you lie awake listening to the beams creak.';
    }
    else {
        push @lines, 'The night is long and still and very cold.';
    }

    if ($g->{roofCondition} <= 0) {
        $g->{roofCondition} = 0;
        $g->{bathhouseOpen} = JSON::PP::false;
        $g->{gameOver}      = JSON::PP::true;
        push @lines, 'Before dawn the roof gives way with a sound like a gunshot and snow pours into the pools. Stovehollow is closed. You have lost.';
        return @lines;
    }
    for my $p (@{ $g->{pools} }) {
        if ($p->{tempC} <= FREEZE_AT) {
            $g->{bathhouseOpen} = JSON::PP::false;
            $g->{gameOver}      = JSON::PP::true;
            push @lines, sprintf('By morning the %s has sunk to %d°C and its pipes have frozen and split. Stovehollow is closed. You have lost.',
                $p->{name}, $p->{tempC});
            return @lines;
        }
    }

    $g->{dayNumber}++;
    $g->{dayOfWeek}          = $DAYS[ $g->{dayNumber} - 1 ];
    $g->{hour}               = OPEN_HOUR;
    $g->{guestsWaiting}      = $ARRIVALS[ $g->{dayNumber} - 1 ];
    $g->{woodcutterLogsLeft} = WOODCUTTER_DAILY;
    push @lines, sprintf(
        '%s morning. The Hot Pool has fallen to %d°C and the Warm Pool to %d°C; the roof stands at %d%%. %s waiting at the gate.',
        $g->{dayOfWeek}, $g->{pools}[0]{tempC}, $g->{pools}[1]{tempC}, $g->{roofCondition},
        ucfirst(_plural($g->{guestsWaiting}, 'guest is', 'guests are')));
    return @lines;
}

sub _hours_left { CLOSE_HOUR - $_[0]{hour} }

sub _too_late {
    my ($g, $hours) = @_;
    return 0 if _hours_left($g) >= $hours;
    return sprintf('It is %s and there is not daylight enough left for that; it would take %s. You could close up for the night.',
        _clock($g), _plural($hours, 'hour', 'hours'));
}

# ---------------------------------------------------------------- actions

sub _help {
    return (1, join ' ',
        'You might try things like: split a few logs, carry five logs to the stove, put three logs in the big stove,',
        'stoke the small stove, let two guests into the hot pool, shovel snow into the warm pool if it runs too hot,',
        'buy six logs from the woodcutter, mend the roof, wait an hour, take a look around, or close up for the night.',
        'Say it however comes naturally; numbers can be digits or words.',
        'The bathhouse docs (docs/rules.md) set out the temperatures, prices, limits and the snow in full.');
}

sub _look {
    my ($g) = @_;
    my @lines;
    push @lines, sprintf('It is %s, %s. Stovehollow is %s.', $g->{dayOfWeek}, _clock($g),
        $g->{bathhouseOpen} ? 'open' : 'closed');
    for my $p (@{ $g->{pools} }) {
        push @lines, sprintf('The %s steams at %d°C (guests bathe between %d and %d°C) with %s in it and room for %d.',
            $p->{name}, $p->{tempC}, $p->{minC}, $p->{maxC}, _plural($p->{bathers}, 'bather', 'bathers'),
            $p->{capacity} - $p->{bathers});
    }
    push @lines, sprintf('The woodpile holds %s and %s split; %s stacked by the stoves.',
        _plural($g->{woodPile}{unsplit}, 'round', 'rounds'), _say_count($g->{woodPile}{split}),
        _plural($g->{logsAtStove}, 'log is', 'logs are'));
    if ($g->{logsBurned} > 0) {
        my $full_days = $g->{dayNumber} - 1;
        my $per_day   = $g->{logsBurned} / $full_days;
        my $stock     = $g->{woodPile}{unsplit} + $g->{woodPile}{split} + $g->{logsAtStove};
        push @lines, sprintf('You have been burning about %.0f logs a day; at that rate the wood will last %.0f more days.',
            $per_day, $stock / $per_day);
    }
    push @lines, sprintf('%s waiting at the gate. The purse holds %d coins; you need %d by Sunday night.',
        ucfirst(_plural($g->{guestsWaiting}, 'guest is', 'guests are')), $g->{coinPurse}, $g->{coinTarget});
    my @coming = grep { _day_index($_) >= $g->{dayNumber} } @{ $g->{snowForecast} };
    push @lines, sprintf('The roof is at %d%%.%s', $g->{roofCondition},
        @coming ? ' Heavy snow is forecast for ' . join(' and ', map { "$_ night" } @coming) . '.' : '');
    return (1, join ' ', @lines);
}

sub _day_index {
    my ($name) = @_;
    for my $i (0 .. $#DAYS) { return $i + 1 if $DAYS[$i] eq $name }
    return 0;
}

sub _split {
    my ($g, $cmd) = @_;
    my $want = $cmd->{count};
    $want = SPLIT_MAX if defined $want && $want eq 'all';
    $want //= 1;
    return (0, 'You heft the axe and set it down again; split how many?') if $want < 1;
    return (0, sprintf('You can split at most %s in an hour before your arms give out.', _plural(SPLIT_MAX, 'log', 'logs')))
        if $want > SPLIT_MAX;
    my $have = $g->{woodPile}{unsplit};
    return (0, 'There is not a single unsplit round left on the woodpile. The woodcutter sells more.') if $have == 0;
    if (my $late = _too_late($g, 1)) { return (0, $late) }
    my $n    = _min($want, $have);
    my $note = $n < $want ? sprintf(' (only %s were left)', _say_count($n)) : '';
    $g->{woodPile}{unsplit} -= $n;
    $g->{woodPile}{split}   += $n;
    my @lines = (sprintf('You split %s%s, the axe ringing off the frozen rounds. The split pile holds %s now.',
        _plural($n, 'log', 'logs'), $note, _say_count($g->{woodPile}{split})));
    push @lines, _pass_hours($g, 1);
    return (1, join ' ', @lines);
}

sub _carry {
    my ($g, $cmd) = @_;
    my $have = $g->{woodPile}{split};
    my $want = $cmd->{count};
    $want = undef if defined $want && $want eq 'all';
    return (0, 'There are no split logs on the woodpile to carry. Split some first.') if $have == 0;
    my $n = $want // _min($have, CARRY_MAX);
    return (0, 'You pick up nothing and carry it nowhere.') if $n < 1;
    return (0, sprintf('You can carry at most %s at a time through the snow.', _plural(CARRY_MAX, 'log', 'logs')))
        if $n > CARRY_MAX;
    my $space = STOVE_STACK_MAX - $g->{logsAtStove};
    return (0, sprintf('The stack by the stoves already holds %d logs; there is no room for more.', STOVE_STACK_MAX))
        if $space <= 0;
    if (my $late = _too_late($g, 1)) { return (0, $late) }
    $n = $space if $n > $space;
    $g->{woodPile}{split} = _max(0, $have - $n);
    $g->{logsAtStove} += $n;
    my @lines = (sprintf('You carry %s through the snow and stack them by the stoves, where %s wait now.',
        _plural($n, 'log', 'logs'), _say_count($g->{logsAtStove})));
    push @lines, _pass_hours($g, 1);
    return (1, join ' ', @lines);
}

sub _feed {
    my ($g, $cmd) = @_;
    return (0, 'Which stove: the big one under the Hot Pool, or the small one under the Warm Pool?')
        unless $cmd->{target};
    my $p    = _pool($g, $cmd->{target});
    my $want = $cmd->{count};
    $want = FIREBOX_MAX if defined $want && $want eq 'all';
    $want //= 1;
    return (0, sprintf('You open the %s and close it again; how many logs?', $p->{stove})) if $want < 1;
    return (0, sprintf('The firebox of the %s takes at most %s at a time.', $p->{stove}, _plural(FIREBOX_MAX, 'log', 'logs')))
        if $want > FIREBOX_MAX;
    return (0, 'There are no logs stacked by the stoves. Carry some in from the woodpile.') if $g->{logsAtStove} == 0;
    my $n    = _min($want, $g->{logsAtStove});
    my $note = $n < $want ? ' (all that were stacked there)' : '';
    $g->{logsAtStove} -= $n;
    $g->{logsBurned}  += $n;
    $p->{tempC}       += $n * $p->{heatPerLogC};
    my $mood = $n >= 3 ? 'it roars' : $n == 2 ? 'it settles into a steady glow' : 'it crackles';
    my $line = sprintf('You feed %s to the %s%s; %s, and the %s climbs to %d°C.',
        _plural($n, 'log', 'logs'), $p->{stove}, $note, $mood, $p->{name}, $p->{tempC});
    $line .= sprintf(' That is hotter than any guest will bear (%d°C at most).', $p->{maxC}) if $p->{tempC} > $p->{maxC};
    $line .= sprintf(' It is still too cool for guests (%d°C at least).', $p->{minC}) if $p->{tempC} < $p->{minC};
    return (1, $line);
}

sub _admit {
    my ($g, $cmd) = @_;
    return (0, 'No one is waiting at the gate just now.') if $g->{guestsWaiting} == 0;
    return (0, 'Into which pool: the Hot Pool or the Warm Pool?') unless $cmd->{target};
    my $p = _pool($g, $cmd->{target});
    return (0, sprintf('The %s is only %d°C; the guests dip a toe and shake their heads. It must be at least %d°C.',
        $p->{name}, $p->{tempC}, $p->{minC})) if $p->{tempC} < $p->{minC};
    return (0, sprintf('The %s is %d°C, too hot for anyone; they will not go in above %d°C.',
        $p->{name}, $p->{tempC}, $p->{maxC})) if $p->{tempC} >= $p->{maxC};
    my $free = $p->{capacity} - $p->{bathers};
    return (0, sprintf('The %s is already full with %d bathers.', $p->{name}, $p->{bathers})) if $free <= 0;
    my $want = $cmd->{count};
    $want = $g->{guestsWaiting} if !defined $want || $want eq 'all';
    return (0, 'You hold the gate open for nobody.') if $want < 1;
    my $n = _min(_min($want, $g->{guestsWaiting}), $free);
    my $fee   = _fee($g, $p);
    my $taken = $n * $fee;
    $g->{guestsWaiting} -= $n;
    $g->{guestsServed}  += $n;
    $p->{bathers}       += $n;
    $p->{paidToday}     += $taken;
    $g->{coinPurse}     += $taken;
    my $line = sprintf('You take %d coins at the door (%d apiece) and %s sink into the %s with long sighs.',
        $taken, $fee, _plural($n, 'guest', 'guests'), $p->{name});
    $line .= sprintf(' Only %s could be let in.', _say_count($n)) if $n < $want;
    $line .= ' The pool is full.' if $p->{bathers} == $p->{capacity};
    return (1, $line);
}

sub _snow {
    my ($g, $cmd) = @_;
    return (0, 'Shovel the snow into which pool: the Hot Pool or the Warm Pool?') unless $cmd->{target};
    my $p = _pool($g, $cmd->{target});
    if (my $late = _too_late($g, 1)) { return (0, $late) }
    $p->{tempC} -= SNOW_COOLING;
    my @lines = (sprintf('You shovel drifts of clean snow into the %s; it hisses and sinks, and the water falls to %d°C.',
        $p->{name}, $p->{tempC}));
    push @lines, _pass_hours($g, 1);
    return (1, join ' ', @lines);
}

sub _buy {
    my ($g, $cmd) = @_;
    my $want = $cmd->{count};
    $want = $g->{woodcutterLogsLeft} if defined $want && $want eq 'all';
    return (0, 'The woodcutter leans on his sledge. "How many rounds, then?"') unless defined $want;
    return (0, 'The woodcutter shrugs at an order of nothing.') if $want < 1;
    return (0, sprintf('The woodcutter has only %s left to sell today.', _plural($g->{woodcutterLogsLeft}, 'round', 'rounds')))
        if $want > $g->{woodcutterLogsLeft};
    my $cost = $want * LOG_PRICE;
    return (0, sprintf('%d rounds would cost %d coins and the purse holds only %d.', $want, $cost, $g->{coinPurse}))
        if $cost > $g->{coinPurse};
    $g->{coinPurse}          -= $cost;
    $g->{woodcutterLogsLeft} -= $want;
    $g->{woodPile}{split}    += $want;
    return (1, sprintf('The woodcutter tips %s off his sledge onto the woodpile, unsplit and smelling of resin. You pay him %d coins.',
        _plural($want, 'round', 'rounds'), $cost));
}

sub _mend {
    my ($g) = @_;
    return (0, 'The roof is as sound as it will ever be.') if $g->{roofCondition} >= ROOF_MAX;
    return (0, sprintf('Tar and shingles cost %d coins and the purse holds only %d.', MEND_COST, $g->{coinPurse}))
        if $g->{coinPurse} < MEND_COST;
    if (my $late = _too_late($g, MEND_HOURS)) { return (0, $late) }
    my $before = $g->{roofCondition};
    $g->{coinPurse} -= MEND_COST;
    $g->{roofCondition} = _min(ROOF_MAX, $before + MEND_GAIN);
    my @lines = (sprintf('You climb the ladder with %d coins\' worth of tar and shingles and work until your fingers ache. The roof stands at %d%% now.',
        MEND_COST, $before + MEND_GAIN));
    push @lines, _pass_hours($g, MEND_HOURS);
    return (1, join ' ', @lines);
}

sub _wait {
    my ($g, $cmd) = @_;
    my $want = $cmd->{count};
    $want = _hours_left($g) if defined $want && $want eq 'all';
    $want //= 1;
    return (0, 'You wait no time at all.') if $want < 1;
    my $n = _min($want, _hours_left($g));
    my @lines = (sprintf('You sit by the stoves for %s, listening to the water lap.', _plural($n, 'hour', 'hours')));
    push @lines, _pass_hours($g, $n);
    return (1, join ' ', @lines);
}

sub _sleep {
    my ($g) = @_;
    my @lines = ('You bank the stoves, bar the gate and close up for the night.');
    push @lines, _nightfall($g);
    return (1, join ' ', @lines);
}

sub _fees {
    my ($g) = @_;
    return (1, sprintf('Fees are taken at the door as each guest goes in. The purse holds %d coins; you need %d by Sunday night.',
        $g->{coinPurse}, $g->{coinTarget}));
}

my %ACTIONS = (
    help  => \&_help,
    look  => \&_look,
    split => \&_split,
    carry => \&_carry,
    feed  => \&_feed,
    admit => \&_admit,
    snow  => \&_snow,
    buy   => \&_buy,
    mend  => \&_mend,
    wait  => \&_wait,
    sleep => \&_sleep,
    fees  => \&_fees,
);

# perform($bathhouse, $sentence) -> ($success, $message)
sub perform {
    my ($g, $text) = @_;
    my $cmd = read_sentence($text);
    my $verb = $cmd->{verb};
    if ($g->{gameOver}) {
        return _help() if defined $verb && $verb eq 'help';
        return _look($g) if defined $verb && $verb eq 'look';
        return (0, 'The week is over; the pools lie still under their lids. Start a new game to play again.');
    }
    unless (defined $verb) {
        return (0, 'You are not sure how to go about that. Type help for some ideas.');
    }
    return $ACTIONS{$verb}->($g, $cmd);
}

1;

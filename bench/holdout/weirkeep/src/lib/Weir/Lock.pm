package Weir::Lock;

# One working day at Weir Cross lock: the rules, the water and the boats. No I/O here.

use strict;
use warnings;
use JSON::PP ();

our $CAPACITY_M = 24;
our $DAY_TICKS  = 40;
our $FLOW_M     = 0.5;
our $MAX_WAIT   = 10;
our %POUND      = (upstream => 4.0, downstream => 1.0);

# id, length in metres, where it waits
my @FLEET = ([1, 8, 'upstream'], [2, 20, 'downstream'], [3, 14, 'upstream'], [4, 6, 'downstream']);

my %SIDE_OF_GATE  = (upper => 'upstream', lower => 'downstream');
my %QUEUE_OF_SIDE = (upstream => 'up', downstream => 'down');
my %OTHER_GATE    = (upper => 'lower', lower => 'upper');

sub new {
    my ($class) = @_;
    my $self = bless {
        chamber => 1.0,
        gates   => { upper => 'shut',   lower => 'shut' },
        sluices => { upper => 'closed', lower => 'closed' },
        queue   => { up => [], down => [] },
        inside  => [],
        passed  => [],
        boats   => {},
        tolls   => 0,
        tick    => 0,
        turn    => 0,
        log     => [],
        won     => 0,
        over    => 0,
    }, $class;
    for my $entry (@FLEET) {
        my ($id, $length, $side) = @$entry;
        $self->{boats}{$id} = {
            length_m => $length,
            heading  => $side eq 'upstream' ? 'down' : 'up',
            paid     => 0,
            where    => $side,
        };
        push @{ $self->{queue}{ $QUEUE_OF_SIDE{$side} } }, $id;
    }
    $self->note('lock opens for the day; chamber at ' . metres($self->{chamber}));
    return $self;
}

sub metres { sprintf '%.1f m', $_[0] }

sub toll_for {
    my ($length) = @_;
    return $length > 20 ? 10 : $length >= 10 ? 6 : 3;
}

sub note {
    my ($self, $text) = @_;
    push @{ $self->{log} }, sprintf('t%02d  %s', $self->{tick}, $text);
}

sub used_m {
    my ($self) = @_;
    my $used = 0;
    $used += $self->{boats}{$_}{length_m} for @{ $self->{inside} };
    return $used;
}

# ---- commands --------------------------------------------------------------

sub command {
    my ($self, $text) = @_;
    $text = '' unless defined $text;
    my @words = split ' ', lc $text;
    $self->{turn}++;
    return $self->reply(0, 'Type something: try `help`.') unless @words;
    my $noun = shift @words;

    return $self->reply(1, $self->manual, 1) if $noun eq 'help' || $noun eq 'man';
    return $self->reply(1, 'You look over the lock.') if $noun eq 'look' || $noun eq 'board';
    return $self->reply(1, "Day log:\n" . join("\n", map {"  $_"} @{ $self->{log} })) if $noun eq 'log';

    if ($self->{over}) {
        my $why = $self->{won} ? 'Every boat is through: the day is done.' : 'The lock has closed for the day.';
        return $self->reply(0, "$why Only `look`, `log` and `help` still answer.");
    }
    return $self->gate(@words)   if $noun eq 'gate';
    return $self->sluice(@words) if $noun eq 'sluice';
    return $self->boat(@words)   if $noun eq 'boat';
    return $self->toll(@words)   if $noun eq 'toll';
    return $self->wait_ticks(@words) if $noun eq 'wait';

    my %verb_hint = (
        open    => 'gate upper open',
        shut    => 'gate lower shut',
        close   => 'sluice upper close',
        enter   => 'boat 3 enter',
        leave   => 'boat 3 leave',
        collect => 'toll 3 collect',
    );
    if (my $hint = $verb_hint{$noun}) {
        return $self->reply(0, "Name the thing first, then the verb: `$hint`.");
    }
    return $self->reply(0, "No such command: `$noun`. Type `help` for the manual.");
}

sub gate {
    my ($self, $which, $verb) = @_;
    $which = '' unless defined $which;
    $verb  = '' unless defined $verb;
    return $self->reply(0, 'Which gate? `gate upper open` or `gate lower shut`.') unless $SIDE_OF_GATE{$which};
    $verb = 'shut' if $verb eq 'close';
    if ($verb eq 'shut') {
        return $self->reply(0, "The $which gate is already shut.") if $self->{gates}{$which} eq 'shut';
        $self->{gates}{$which} = 'shut';
        $self->note("$which gate shut");
        return $self->reply(1, "The $which gate swings shut.");
    }
    return $self->reply(0, "A gate can `open` or `shut`: `gate $which open`.") unless $verb eq 'open';
    return $self->reply(0, "The $which gate is already open.") if $self->{gates}{$which} eq 'open';
    my $other = $OTHER_GATE{$which};
    if ($self->{gates}{$other} eq 'open') {
        return $self->reply(0, "The $other gate is open: shut it before opening the $which gate.");
    }
    my $side = $SIDE_OF_GATE{$which};
    if (@{ $self->{queue}{ $QUEUE_OF_SIDE{$side} } } && $self->{chamber} != $POUND{$side}) {
        return $self->reply(0, sprintf('The chamber stands at %s and the %s pound at %s: the %s gate will not move '
              . 'against the water.', metres($self->{chamber}), $side, metres($POUND{$side}), $which));
    }
    $self->{gates}{$which} = 'open';
    $self->note("$which gate opened");
    return $self->reply(1, "The $which gate swings open onto the $side pound.");
}

sub sluice {
    my ($self, $which, $verb) = @_;
    $which = '' unless defined $which;
    $verb  = '' unless defined $verb;
    return $self->reply(0, 'Which sluice? `sluice upper open` or `sluice lower close`.') unless $SIDE_OF_GATE{$which};
    $verb = 'close' if $verb eq 'shut';
    if ($verb eq 'close') {
        return $self->reply(0, "The $which sluice is already closed.") if $self->{sluices}{$which} eq 'closed';
        $self->{sluices}{$which} = 'closed';
        $self->note("$which sluice closed");
        return $self->reply(1, "The $which sluice paddles drop shut.");
    }
    return $self->reply(0, "A sluice can `open` or `close`: `sluice $which open`.") unless $verb eq 'open';
    return $self->reply(0, "The $which sluice is already open.") if $self->{sluices}{$which} eq 'open';
    if ($self->{gates}{upper} eq 'open' || $self->{gates}{lower} eq 'open') {
        return $self->reply(0, 'A gate is open: shut both gates before drawing a sluice.');
    }
    $self->{sluices}{$which} = 'open';
    $self->note("$which sluice opened");
    my $way = $which eq 'upper' ? 'fill the chamber from above' : 'drain the chamber to the tail';
    return $self->reply(1, "The $which sluice paddles rise: water runs to $way.");
}

sub find_boat {
    my ($self, $id) = @_;
    return undef unless defined $id && $id =~ /^#?(\d+)$/;
    return exists $self->{boats}{$1} ? $1 + 0 : undef;
}

sub boat {
    my ($self, $id_text, $verb) = @_;
    my $id = $self->find_boat($id_text);
    return $self->reply(0, 'No such boat. The boats today are ' . join(', ', sort keys %{ $self->{boats} }) . '.')
        unless defined $id;
    $verb = '' unless defined $verb;
    my $boat = $self->{boats}{$id};
    if ($verb eq 'enter') {
        my $side = $boat->{where};
        return $self->reply(0, "Boat $id is not waiting in a queue (it is $side).")
            unless $side eq 'upstream' || $side eq 'downstream';
        my $gate = $side eq 'upstream' ? 'upper' : 'lower';
        return $self->reply(0, "The $gate gate is shut: boat $id cannot come in.") if $self->{gates}{$gate} ne 'open';
        return $self->reply(0, "Boat $id has not paid its toll: `toll $id collect` first.") unless $boat->{paid};
        my $queue = $self->{queue}{ $QUEUE_OF_SIDE{$side} };
        @$queue = grep { $_ != $id } @$queue;
        my $used = $self->used_m;
        if ($used + $boat->{length_m} > $CAPACITY_M) {
            return $self->reply(0, sprintf('No room: boat %d is %d m long and the chamber has %d of %d m free.',
                $id, $boat->{length_m}, $CAPACITY_M - $used, $CAPACITY_M));
        }
        push @{ $self->{inside} }, $id;
        $boat->{where} = 'chamber';
        $self->note("boat $id entered from $side");
        return $self->reply(1, "Boat $id glides into the chamber and makes fast.");
    }
    if ($verb eq 'leave') {
        return $self->reply(0, "Boat $id is not in the chamber.") unless $boat->{where} eq 'chamber';
        my $gate = $boat->{heading} eq 'down' ? 'lower' : 'upper';
        my $side = $SIDE_OF_GATE{$gate};
        return $self->reply(0, "Boat $id is bound $boat->{heading}stream and the $gate gate is shut.")
            if $self->{gates}{$gate} ne 'open';
        @{ $self->{inside} } = grep { $_ != $id } @{ $self->{inside} };
        push @{ $self->{passed} }, $id;
        $self->note("boat $id left to the $side");
        my $text = "Boat $id casts off and heads out to the $side pound.";
        if (@{ $self->{passed} } == keys %{ $self->{boats} }) {
            $self->{won} = 1;
            $self->{over} = 1;
            $self->note('every boat through');
            $text .= "\nEvery boat is through. A fine day's work, keeper.";
        }
        return $self->reply(1, $text);
    }
    return $self->reply(0, "A boat can `enter` or `leave`: `boat $id enter`.");
}

sub toll {
    my ($self, $id_text, $verb) = @_;
    my $id = $self->find_boat($id_text);
    return $self->reply(0, 'No such boat to charge.') unless defined $id;
    $verb = '' unless defined $verb;
    return $self->reply(0, "Tolls are collected: `toll $id collect`.") unless $verb eq 'collect';
    my $boat = $self->{boats}{$id};
    return $self->reply(0, "Boat $id has paid already.") if $boat->{paid};
    return $self->reply(0, "Boat $id is not waiting in a queue.")
        unless $boat->{where} eq 'upstream' || $boat->{where} eq 'downstream';
    my $due = toll_for($boat->{length_m});
    $boat->{paid} = 1;
    $self->{tolls} += $due;
    $self->note("toll $due from boat $id ($boat->{length_m} m)");
    return $self->reply(1, "Boat $id ($boat->{length_m} m) pays $due coins.");
}

sub wait_ticks {
    my ($self, $count) = @_;
    $count = 1 unless defined $count;
    return $self->reply(0, "Wait how long? `wait 3` waits three ticks (1 to $MAX_WAIT).") unless $count =~ /^\d+$/;
    return $self->reply(0, "At most $MAX_WAIT ticks at a time.") if $count > $MAX_WAIT;
    my $start = $self->{chamber};
    my $flow = 0;
    $flow += $FLOW_M if $self->{sluices}{upper} eq 'open';
    $flow -= $FLOW_M if $self->{sluices}{lower} eq 'open';
    my $left = $DAY_TICKS - $self->{tick};
    $count = $left if $count > $left;
    my $target = $start + $flow * $count;
    my $level = $target;
    $level = $POUND{upstream}   if $level > $POUND{upstream};
    $level = $POUND{downstream} if $level < $POUND{downstream};
    $self->{chamber} = $level;
    $self->{tick} += $count;
    $self->note(sprintf('waited %d, chamber %.1f -> %.1f m (%.2f m a tick)',
        $count, $start, $level, ($level - $start) / $count));
    my $text;
    if ($flow > 0)    { $text = sprintf 'You wait %d ticks. The chamber rises from %s to %s.', $count, metres($start), metres($target) }
    elsif ($flow < 0) { $text = sprintf 'You wait %d ticks. The chamber falls from %s to %s.', $count, metres($start), metres($target) }
    else              { $text = sprintf 'You wait %d ticks. The chamber stays at %s.', $count, metres($level) }
    if ($self->{tick} >= $DAY_TICKS) {
        $self->{over} = 1;
        $self->note('lock closed for the night');
        $text .= "\nDusk: the lock closes for the night with boats still waiting.";
    }
    return $self->reply(1, $text);
}

# ---- views -------------------------------------------------------------------

sub boat_tags {
    my ($self, @ids) = @_;
    return '-' unless @ids;
    return join ' ', map {
        my $b = $self->{boats}{$_};
        sprintf '#%d/%dm/%s', $_, $b->{length_m}, $b->{paid} ? 'paid' : 'due';
    } @ids;
}

sub board {
    my ($self) = @_;
    my $row = "  %-11s %-8s %-6s %-7s %s";
    my @lines = (
        sprintf('  WEIR CROSS LOCK%30s', sprintf('tick %2d of %d', $self->{tick}, $DAY_TICKS)),
        sprintf($row, 'SIDE', 'LEVEL', 'GATE', 'SLUICE', 'BOATS'),
        sprintf($row, 'upstream', metres($POUND{upstream}), $self->{gates}{upper}, $self->{sluices}{upper},
            $self->boat_tags(@{ $self->{queue}{up} })),
        sprintf($row, 'chamber', metres($self->{chamber}), '', '',
            $self->boat_tags(@{ $self->{inside} }) . sprintf('  (%d of %d m)', $self->used_m, $CAPACITY_M)),
        sprintf($row, 'downstream', metres($POUND{downstream}), $self->{gates}{lower}, $self->{sluices}{lower},
            $self->boat_tags(@{ $self->{queue}{down} })),
        sprintf('  %-11s %d coins', 'tolls', $self->{tolls}),
        sprintf('  %-11s %s', 'through', @{ $self->{passed} } ? join(' ', map {"#$_"} @{ $self->{passed} }) : 'none'),
    );
    return join "\n", @lines;
}

sub state {
    my ($self) = @_;
    my %boats = map {
        my $b = $self->{boats}{$_};
        ($_ => {
            length_m => $b->{length_m} + 0,
            heading  => $b->{heading},
            paid     => $b->{paid} ? JSON::PP::true : JSON::PP::false,
            where    => $b->{where},
        })
    } keys %{ $self->{boats} };
    return {
        gauges  => [['chamber', $self->{chamber} + 0], ['upstream', $POUND{upstream} + 0],
                    ['downstream', $POUND{downstream} + 0]],
        gates   => { %{ $self->{gates} } },
        sluices => { %{ $self->{sluices} } },
        queue   => { up => [map { $_ + 0 } @{ $self->{queue}{up} }], down => [map { $_ + 0 } @{ $self->{queue}{down} }] },
        chamber => { boats => [map { $_ + 0 } @{ $self->{inside} }], used_m => $self->used_m + 0,
                     capacity_m => $CAPACITY_M + 0 },
        passed  => [map { $_ + 0 } @{ $self->{passed} }],
        boats   => \%boats,
        tolls   => $self->{tolls} + 0,
        day     => { tick => $self->{tick} + 0, closes_at => $DAY_TICKS + 0,
                     won => $self->{won} ? JSON::PP::true : JSON::PP::false,
                     over => $self->{over} ? JSON::PP::true : JSON::PP::false },
    };
}

sub reply {
    my ($self, $ok, $text, $no_board) = @_;
    my $message = $no_board ? $text : "$text\n\n" . $self->board;
    return {
        message   => $message,
        state     => $self->state,
        success   => $ok ? JSON::PP::true : JSON::PP::false,
        game_over => $self->{over} ? JSON::PP::true : JSON::PP::false,
        turn      => $self->{turn} + 0,
    };
}

sub intro {
    my ($self) = @_;
    return {
        message => "You keep Weir Cross lock today. Four boats are waiting; see them all through before dusk.\n"
            . "Type `help` for the manual.\n\n" . $self->board,
        state   => $self->state,
        turn    => 0,
    };
}

sub manual {
    return <<"MAN";
WEIRKEEP(6)                   Lock Keeper's Manual                   WEIRKEEP(6)

NAME
       weirkeep - keep Weir Cross lock for one working day

SYNOPSIS
       gate {upper|lower} {open|shut}
       sluice {upper|lower} {open|close}
       boat ID {enter|leave}
       toll ID collect
       wait [TICKS]
       look | log | help

COMMANDS
       gate SIDE open
              Open a gate. The other gate must be shut and the chamber
              must stand level with the pound on that side.

       gate SIDE shut
              Shut a gate.

       sluice SIDE open, sluice SIDE close
              The upper sluice fills the chamber from the upstream pound,
              the lower sluice drains it downstream, each by $FLOW_M m per
              tick. Sluices only open while both gates are shut.

       toll ID collect
              Charge a waiting boat its toll, by length: under 10 m pays
              3 coins, 10 to 19 m pays 6, 20 m and over pays 10.

       boat ID enter
              Bring a paid boat in from its queue through the open gate on
              its side. The chamber holds $CAPACITY_M m of boats.

       boat ID leave
              Send a boat out through the gate on the side it is bound for.

       wait [TICKS]
              Let 1 to $MAX_WAIT ticks pass (1 if omitted). The lock closes
              at tick $DAY_TICKS.

       look   Show the status board.

       log    Show the day's log.

EXAMPLES
       toll 2 collect
       gate lower open
       boat 2 enter
       sluice upper open
       wait 4

SEE ALSO
       docs/rules.md
MAN
}

1;

package Deepdelve::Game;

# The rules of Deep Delve: three levels, a shop on the first, the Amulet on the last.
# Everything here is deterministic: the same keys always give the same game.

use strict;
use warnings;
use JSON::PP ();

our $PACK_LIMIT  = 10;
our $REGEN_EVERY = 10;
our @XP_FOR_LEVEL = (0, 0, 10, 25, 45);    # experience needed to reach level 2, 3, 4
our $MAX_RUN = 20;

our %ITEMS = (
    'dagger'             => { kind => 'weapon', glyph => ')', bonus => 1, price => 10, a => 'a dagger' },
    'sword'              => { kind => 'weapon', glyph => ')', bonus => 3, price => 40, a => 'a sword' },
    'leather armor'      => { kind => 'armor',  glyph => '[', bonus => 1, price => 20, a => 'leather armor' },
    'ring mail'          => { kind => 'armor',  glyph => '[', bonus => 3, price => 35, a => 'ring mail' },
    'potion of healing'  => { kind => 'potion', glyph => '!', heal => 8, price => 15, a => 'a potion of healing' },
    'potion of strength' => { kind => 'potion', glyph => '!', strength => 1, price => 50,
                              a => 'a potion of strength' },
    'Amulet of the Deep' => { kind => 'amulet', glyph => '"', price => 0, a => 'the Amulet of the Deep' },
);

our %MONSTERS = (
    r => { name => 'rat',    hp => 3,  atk => 2, def => 0, xp => 1,  gold => 0,  verb => 'bites', wake => 5 },
    j => { name => 'jackal', hp => 4,  atk => 2, def => 0, xp => 2,  gold => 0,  verb => 'bites', wake => 5 },
    k => { name => 'kobold', hp => 5,  atk => 3, def => 0, xp => 3,  gold => 3,  verb => 'hits',  wake => 5 },
    g => { name => 'goblin', hp => 6,  atk => 3, def => 1, xp => 4,  gold => 5,  verb => 'hits',  wake => 5 },
    o => { name => 'orc',    hp => 10, atk => 5, def => 1, xp => 6,  gold => 8,  verb => 'hits',  wake => 5 },
    T => { name => 'troll',  hp => 18, atk => 6, def => 2, xp => 15, gold => 20, verb => 'claws', wake => 2 },
);

our @WARES = (['potion of healing', 3], ['sword', 1], ['ring mail', 1]);

our @LEVELS = (
    undef,
    {
        rows => [
            '####################',
            '#==...#............#',
            '#.....#............#',
            '#.<................#',
            '#.....#............#',
            '###.#####.#######.##',
            '#.....#.........#..#',
            '#...............#.>#',
            '####################',
        ],
        monsters => [['r', 11, 2], ['j', 8, 7]],
        objects  => [[13, 1, 'gold', 12], [1, 7, 'gold', 8], [12, 6, 'potion of healing']],
    },
    {
        rows => [
            '####################',
            '#.......#.........>#',
            '#.<.....#..........#',
            '#..................#',
            '#.......#..........#',
            '####.#######.#######',
            '#..................#',
            '#..................#',
            '####################',
        ],
        monsters => [['k', 6, 6], ['g', 14, 3], ['g', 15, 1]],
        objects  => [[3, 7, 'ring mail'], [17, 7, 'gold', 15], [10, 2, 'potion of healing']],
    },
    {
        rows => [
            '####################',
            '#<.......#.........#',
            '#........#.........#',
            '#........#....#....#',
            '#.............#....#',
            '#........#....#....#',
            '#........#.........#',
            '#........#.........#',
            '####################',
        ],
        monsters => [['o', 11, 2], ['T', 18, 4]],
        objects  => [[17, 4, 'Amulet of the Deep'], [4, 6, 'potion of strength'], [12, 7, 'gold', 25]],
    },
);

our $DEEPEST = $#LEVELS;

my %KEYS = (
    'h' => \&cmd_west,   'j' => \&cmd_south,  'k' => \&cmd_north,  'l' => \&cmd_east,
    'H' => \&cmd_run_west, 'J' => \&cmd_run_south, 'K' => \&cmd_run_north, 'L' => \&cmd_run_east,
    '.' => \&cmd_rest,   'g' => \&cmd_pickup, ',' => \&cmd_pickup,
    'd' => \&cmd_drop,   'q' => \&cmd_quaff,  'w' => \&cmd_wield,  'W' => \&cmd_wear,
    'T' => \&cmd_takeoff, 'i' => \&cmd_inventory, ':' => \&cmd_look,
    '>' => \&cmd_descend, '<' => \&cmd_ascend, '?' => \&cmd_help,
);

my %WORDS = (
    'help' => \&cmd_help, 'list' => \&cmd_list, 'buy' => \&cmd_buy, 'sell' => \&cmd_sell,
    'inventory' => \&cmd_inventory, 'look' => \&cmd_look, 'rest' => \&cmd_rest,
    'down' => \&cmd_descend, 'up' => \&cmd_ascend,
);

our @HELP = (
    'h        move west (move into a monster to attack it)',
    'j        move south',
    'k        move north',
    'l        move east',
    'H J K L  run west, south, north or east',
    '.        rest a turn (also: rest)',
    'g        pick up what is here (also: ,)',
    'd x      drop item x',
    'q x      quaff potion x',
    'w x      wield weapon x (w - for bare hands)',
    'W x      wear armor x',
    'T        take off your armor',
    'i        show your inventory (also: inventory)',
    ':        look at what is here (also: look)',
    '>        go down a staircase (also: down)',
    '<        go up a staircase (also: up)',
    'list     see the shop\'s wares (at the shop counter)',
    'buy w    buy ware w, e.g. buy sword (at the shop counter)',
    'sell x   sell item x (at the shop counter)',
    '?        show this list (also: help)',
);

# ---------------------------------------------------------------- setup

sub new_game {
    my $g = {
        depth   => 1,
        turn    => 0,
        next_id => 1,
        items   => [],
        levels  => {},
        over    => 0,
        won     => 0,
        dead    => 0,
        hero    => {
            x => 0, y => 0, hp => 20, max_hp => 20, atk => 2, def => 0,
            gold => 20, xp => 0, level => 1, weapon_id => 0, armor_id => 0,
        },
        shop => [map { { name => $_->[0], price => $ITEMS{ $_->[0] }{price}, stock => $_->[1] } } @WARES],
    };
    my $h = $g->{hero};
    my $dagger = new_item($g, 'dagger');
    my $armor  = new_item($g, 'leather armor');
    push @{ $g->{items} }, $dagger, $armor, new_item($g, 'potion of healing');
    $h->{weapon_id} = $dagger->{id};
    $h->{atk} += $ITEMS{dagger}{bonus};
    $h->{armor_id} = $armor->{id};
    $h->{def} += $ITEMS{'leather armor'}{bonus};
    $g->{level} = build_level(1);
    place_hero($g, '<');
    my $intro = 'You enter the Deep Delve. Somewhere below lies the Amulet of the Deep. '
      . 'You are wielding a dagger and wearing leather armor. Press ? for help.';
    return ($g, $intro);
}

sub new_item {
    my ($g, $name) = @_;
    return { id => $g->{next_id}++, name => $name };
}

sub build_level {
    my ($depth) = @_;
    my $plan = $LEVELS[$depth];
    my %objects;
    for my $o (@{ $plan->{objects} }) {
        my ($x, $y, $name, $amount) = @$o;
        $objects{"$x,$y"} = $name eq 'gold' ? { name => 'gold', amount => $amount } : { name => $name };
    }
    my @monsters;
    for my $m (@{ $plan->{monsters} }) {
        my ($glyph, $x, $y) = @$m;
        my $kind = $MONSTERS{$glyph};
        push @monsters, { glyph => $glyph, name => $kind->{name}, x => $x, y => $y, hp => $kind->{hp}, awake => 0 };
    }
    return { depth => $depth, rows => [@{ $plan->{rows} }], objects => \%objects, monsters => \@monsters };
}

sub place_hero {
    my ($g, $stair) = @_;
    my $rows = $g->{level}{rows};
    for my $y (0 .. $#$rows) {
        my $x = index($rows->[$y], $stair);
        if ($x >= 0) {
            @{ $g->{hero} }{qw(x y)} = ($x, $y);
            return;
        }
    }
}

# ---------------------------------------------------------------- helpers

sub tile_at {
    my ($g, $x, $y) = @_;
    my $rows = $g->{level}{rows};
    return '#' if $y < 0 || $y > $#$rows || $x < 0 || $x >= length $rows->[$y];
    return substr($rows->[$y], $x, 1);
}

sub monster_at {
    my ($g, $x, $y) = @_;
    for my $m (@{ $g->{level}{monsters} }) {
        return $m if $m->{x} == $x && $m->{y} == $y;
    }
    return undef;
}

sub object_here {
    my ($g) = @_;
    my $h = $g->{hero};
    return $g->{level}{objects}{"$h->{x},$h->{y}"};
}

sub item_by_id {
    my ($g, $id) = @_;
    return undef unless $id;
    for my $it (@{ $g->{items} }) {
        return $it if $it->{id} == $id;
    }
    return undef;
}

sub letter_index {
    my ($arg) = @_;
    return undef unless defined $arg && length($arg) == 1;
    return ord($arg) - ord('a');
}

sub distance {
    my ($ax, $ay, $bx, $by) = @_;
    return abs($ax - $bx) + abs($ay - $by);
}

sub at_counter {
    my ($g) = @_;
    my $h = $g->{hero};
    return tile_at($g, $h->{x}, $h->{y}) eq '=';
}

sub pack_full {
    my ($g) = @_;
    return @{ $g->{items} } >= $PACK_LIMIT;
}

sub fail { return (0, $_[0], 0) }
sub done { return (1, $_[0], 1) }
sub free { return (1, $_[0], 0) }

sub gold_text {
    my ($n) = @_;
    return $n == 1 ? '1 gold piece' : "$n gold pieces";
}

sub describe_here {
    my ($g) = @_;
    my $h = $g->{hero};
    my @say;
    if (my $o = object_here($g)) {
        push @say, $o->{name} eq 'gold'
          ? 'There ' . ($o->{amount} == 1 ? 'is ' : 'are ') . gold_text($o->{amount}) . ' here.'
          : "You see here $ITEMS{ $o->{name} }{a}.";
    }
    my $tile = tile_at($g, $h->{x}, $h->{y});
    push @say, 'There is a staircase down here.' if $tile eq '>';
    push @say, 'There is a staircase up here.'   if $tile eq '<';
    push @say, 'You are at the shop counter.'    if $tile eq '=';
    return join ' ', @say;
}

# ---------------------------------------------------------------- the turn

sub command {
    my ($g, $text) = @_;
    $text = '' unless defined $text;
    $text =~ s/^\s+|\s+$//g;
    return (0, 'The game is over.') if $g->{over};
    return (0, 'Huh? Press ? for help.') if $text eq '';

    my ($word, $arg) = split /\s+/, $text, 2;
    my $handler;
    if ($WORDS{ lc $word }) {
        $handler = $WORDS{ lc $word };
    }
    elsif (length $word == 1 && $KEYS{$word}) {
        $handler = $KEYS{$word};
    }
    elsif (length $word == 2 && !defined $arg && $word =~ /^[dqwW]/ && $KEYS{ substr($word, 0, 1) }) {
        $handler = $KEYS{ substr($word, 0, 1) };
        $arg = substr($word, 1, 1);
    }
    return (0, "Unknown command '$word'. Press ? for help.") unless $handler;

    my ($ok, $message, $took_turn) = $handler->($g, $arg);
    if ($took_turn && !$g->{over}) {
        my @after = end_turn($g);
        $message = join ' ', grep { length } $message, @after;
    }
    return ($ok ? 1 : 0, $message);
}

sub end_turn {
    my ($g) = @_;
    my $h = $g->{hero};
    $g->{turn}++;
    my @say = monsters_act($g);
    return @say if $g->{over};
    if ($g->{turn} % $REGEN_EVERY == 0 && $h->{hp} < $h->{max_hp}) {
        $h->{hp}++;
    }
    return @say;
}

sub monsters_act {
    my ($g) = @_;
    my $h = $g->{hero};
    my @say;
    for my $m (@{ $g->{level}{monsters} }) {
        my $kind = $MONSTERS{ $m->{glyph} };
        my $dist = distance($m->{x}, $m->{y}, $h->{x}, $h->{y});
        if (!$m->{awake}) {
            next if $dist > $kind->{wake};
            $m->{awake} = 1;
            push @say, "The $m->{name} wakes up!" if $kind->{wake} < 5;
        }
        if ($dist == 1) {
            my $dmg = $kind->{atk} - $h->{def};
            $dmg = 1 if $dmg < 1;
            $h->{hp} -= $dmg;
            push @say, "The $m->{name} $kind->{verb} you.";
            if ($h->{hp} <= 0) {
                $h->{hp} = 0;
                $g->{over} = 1;
                $g->{dead} = 1;
                push @say, 'You die...';
                return @say;
            }
            next;
        }
        monster_step($g, $m);
    }
    return @say;
}

sub monster_can_enter {
    my ($g, $x, $y) = @_;
    my $h = $g->{hero};
    return 0 if tile_at($g, $x, $y) ne '.';
    return 0 if $x == $h->{x} && $y == $h->{y};
    return 0 if monster_at($g, $x, $y);
    return 1;
}

sub monster_step {
    my ($g, $m) = @_;
    my $h = $g->{hero};
    my $dx = $h->{x} <=> $m->{x};
    my $dy = $h->{y} <=> $m->{y};
    my @tries = abs($h->{x} - $m->{x}) >= abs($h->{y} - $m->{y})
      ? ([$dx, 0], [0, $dy])
      : ([0, $dy], [$dx, 0]);
    for my $t (@tries) {
        my ($sx, $sy) = @$t;
        next if $sx == 0 && $sy == 0;
        if (monster_can_enter($g, $m->{x} + $sx, $m->{y} + $sy)) {
            $m->{x} += $sx;
            $m->{y} += $sy;
            return;
        }
    }
}

# ---------------------------------------------------------------- moving and fighting

sub cmd_west  { return hero_move($_[0], -1, 0) }
sub cmd_east  { return hero_move($_[0], 1,  0) }
sub cmd_north { return hero_move($_[0], 0,  -1) }
sub cmd_south { return hero_move($_[0], 0,  1) }

sub hero_move {
    my ($g, $dx, $dy) = @_;
    my $h = $g->{hero};
    my ($nx, $ny) = ($h->{x} + $dx, $h->{y} + $dy);
    if (my $m = monster_at($g, $nx, $ny)) {
        return attack($g, $m);
    }
    return fail('There is a wall in the way.') if tile_at($g, $nx, $ny) eq '#';
    ($h->{x}, $h->{y}) = ($nx, $ny);
    return done(describe_here($g));
}

sub attack {
    my ($g, $m) = @_;
    my $h = $g->{hero};
    my $kind = $MONSTERS{ $m->{glyph} };
    my $dmg = $h->{atk} - $kind->{def};
    $dmg = 1 if $dmg < 1;
    $m->{hp} -= $dmg;
    $m->{awake} = 1;
    return done("You hit the $m->{name}.") if $m->{hp} > 0;

    my $monsters = $g->{level}{monsters};
    @$monsters = grep { $_ != $m } @$monsters;
    my @say = ("You kill the $m->{name}!");
    if ($kind->{gold}) {
        $h->{gold} += $kind->{gold};
        push @say, 'You find ' . gold_text($kind->{gold}) . '.';
    }
    $h->{xp} += $kind->{xp};
    while ($h->{level} < $#XP_FOR_LEVEL && $h->{xp} >= $XP_FOR_LEVEL[ $h->{level} + 1 ]) {
        $h->{level}++;
        $h->{max_hp} += 4;
        $h->{hp} += 4;
        $h->{hp} = $h->{max_hp} if $h->{hp} > $h->{max_hp};
        $h->{atk}++;
        push @say, "Welcome to experience level $h->{level}.";
    }
    return done(join ' ', @say);
}

sub cmd_run_west  { return hero_run($_[0], -1, 0) }
sub cmd_run_east  { return hero_run($_[0], 1,  0) }
sub cmd_run_north { return hero_run($_[0], 0,  -1) }
sub cmd_run_south { return hero_run($_[0], 0,  1) }

sub hero_run {
    my ($g, $dx, $dy) = @_;
    my $h = $g->{hero};
    my @say;
    my $steps = 0;
    while ($steps < $MAX_RUN) {
        my ($nx, $ny) = ($h->{x} + $dx, $h->{y} + $dy);
        if (my $m = monster_at($g, $nx, $ny)) {
            return fail("There is a $m->{name} in the way.") unless $steps;
            last;
        }
        if (tile_at($g, $nx, $ny) eq '#') {
            return fail('There is a wall in the way.') unless $steps;
            last;
        }
        my $hp_before = $h->{hp};
        ($h->{x}, $h->{y}) = ($nx, $ny);
        $steps++;
        push @say, end_turn($g);
        last if $g->{over};
        last if $h->{hp} < $hp_before;
        last if object_here($g) || tile_at($g, $h->{x}, $h->{y}) ne '.';
        last if grep { $_->{awake} && distance($_->{x}, $_->{y}, $h->{x}, $h->{y}) <= 2 }
          @{ $g->{level}{monsters} };
    }
    push @say, describe_here($g) unless $g->{over};
    return (1, join(' ', grep { length } @say), 0);
}

sub cmd_rest {
    return done('You rest.');
}

# ---------------------------------------------------------------- things

sub cmd_pickup {
    my ($g) = @_;
    my $h = $g->{hero};
    my $o = object_here($g) or return fail('There is nothing here to pick up.');
    my $key = "$h->{x},$h->{y}";
    if ($o->{name} eq 'gold') {
        $h->{gold} += $o->{amount};
        delete $g->{level}{objects}{$key};
        return done('You pick up ' . gold_text($o->{amount}) . '.');
    }
    if ($ITEMS{ $o->{name} }{kind} eq 'amulet') {
        delete $g->{level}{objects}{$key};
        push @{ $g->{items} }, new_item($g, $o->{name});
        $g->{won}  = 1;
        $g->{over} = 1;
        return (1, 'You pick up the Amulet of the Deep! Its weight settles around your neck. You have won!', 0);
    }
    return fail('Your pack is full.') if pack_full($g);
    delete $g->{level}{objects}{$key};
    my $it = new_item($g, $o->{name});
    push @{ $g->{items} }, $it;
    my $letter = chr(ord('a') + $#{ $g->{items} });
    return done("$letter - $ITEMS{ $it->{name} }{a}.");
}

sub cmd_drop {
    my ($g, $arg) = @_;
    my $h = $g->{hero};
    my $items = $g->{items};
    my $idx = letter_index($arg);
    return fail('Drop what? (d and an item letter)') unless defined $idx;
    return fail("You don't have that item.") if $idx > $#$items;
    my $it = $items->[$idx];
    return fail('You are wearing that. Take it off first.') if $it->{id} == $h->{armor_id};

    my $tile = tile_at($g, $h->{x}, $h->{y});
    return fail('You cannot drop things on the stairs.') if $tile eq '<' || $tile eq '>';
    return fail('The shopkeeper frowns. Use sell.') if $tile eq '=';

    my $key = "$h->{x},$h->{y}";
    splice(@$items, $idx, 1);
    my @say = ("You drop $ITEMS{ $it->{name} }{a}.");
    if ($it->{id} == $h->{weapon_id}) {
        $h->{atk} -= $ITEMS{ $it->{name} }{bonus};
        $h->{weapon_id} = 0;
        push @say, 'You are empty handed.';
    }
    $g->{level}{objects}{$key} = { name => $it->{name} };
    return done(join ' ', @say);
}

sub cmd_quaff {
    my ($g, $arg) = @_;
    my $h = $g->{hero};
    my $items = $g->{items};
    my $idx = letter_index($arg);
    return fail('Quaff what? (q and an item letter)') unless defined $idx;
    my $it = $idx >= 0 ? $items->[$idx] : undef;
    return fail("You don't have that item.") unless $it;
    my $info = $ITEMS{ $it->{name} };
    return fail('That is not something you can drink.') unless $info->{kind} eq 'potion';

    splice(@$items, $idx, 1);
    if ($info->{heal}) {
        $h->{hp} += $info->{heal};
        return done('You feel better.');
    }
    $h->{atk} += $info->{strength};
    return done('You feel strong!');
}

sub cmd_wield {
    my ($g, $arg) = @_;
    my $h = $g->{hero};
    if (defined $arg && $arg eq '-') {
        return fail('You are already empty handed.') unless $h->{weapon_id};
        my $old = item_by_id($g, $h->{weapon_id});
        $h->{atk} -= $ITEMS{ $old->{name} }{bonus};
        $h->{weapon_id} = 0;
        return done('You are empty handed.');
    }
    my $idx = letter_index($arg);
    return fail('Wield what? (w and an item letter)') unless defined $idx;
    my $it = $idx >= 0 ? $g->{items}[$idx] : undef;
    return fail("You don't have that item.") unless $it;
    my $info = $ITEMS{ $it->{name} };
    return fail('You cannot wield that.') unless $info->{kind} eq 'weapon';
    return fail('You are already wielding that.') if $it->{id} == $h->{weapon_id};

    if (my $old = item_by_id($g, $h->{weapon_id})) {
        $h->{atk} -= $ITEMS{ $old->{name} }{bonus};
    }
    $h->{weapon_id} = $it->{id};
    $h->{atk} += $info->{bonus};
    return done("You are now wielding $info->{a}.");
}

sub cmd_wear {
    my ($g, $arg) = @_;
    my $h = $g->{hero};
    my $idx = letter_index($arg);
    return fail('Wear what? (W and an item letter)') unless defined $idx;
    my $it = $idx >= 0 ? $g->{items}[$idx] : undef;
    return fail("You don't have that item.") unless $it;
    my $info = $ITEMS{ $it->{name} };
    return fail('You cannot wear that.') unless $info->{kind} eq 'armor';
    return fail('You are already wearing that.') if $it->{id} == $h->{armor_id};

    $h->{armor_id} = $it->{id};
    $h->{def} += $info->{bonus};
    return done("You are now wearing $info->{a}.");
}

sub cmd_takeoff {
    my ($g) = @_;
    my $h = $g->{hero};
    my $old = item_by_id($g, $h->{armor_id}) or return fail('You are not wearing any armor.');
    $h->{def} -= $ITEMS{ $old->{name} }{bonus};
    $h->{armor_id} = 0;
    return done("You take off $ITEMS{ $old->{name} }{a}.");
}

sub inventory_lines {
    my ($g) = @_;
    my $h = $g->{hero};
    my @lines;
    my $i = 0;
    for my $it (@{ $g->{items} }) {
        my $line = chr(ord('a') + $i++) . " - $ITEMS{ $it->{name} }{a}";
        $line .= ' (weapon in hand)' if $it->{id} == $h->{weapon_id};
        $line .= ' (being worn)'     if $it->{id} == $h->{armor_id};
        push @lines, $line;
    }
    return @lines;
}

sub cmd_inventory {
    my ($g) = @_;
    my @lines = inventory_lines($g);
    return free('Your pack is empty.') unless @lines;
    return free(join "\n", @lines, gold_text($g->{hero}{gold}) . '.');
}

sub cmd_look {
    my ($g) = @_;
    my $here = describe_here($g);
    return free(length $here ? $here : 'You see nothing special here.');
}

sub cmd_help {
    return free(join "\n", @HELP);
}

# ---------------------------------------------------------------- stairs

sub stash_level {
    my ($g) = @_;
    $g->{levels}{ $g->{depth} } = $g->{level};
}

sub cmd_descend {
    my ($g) = @_;
    my $h = $g->{hero};
    return fail("You can't go down here.") unless tile_at($g, $h->{x}, $h->{y}) eq '>';
    stash_level($g);
    $g->{depth}++;
    $g->{level} = delete $g->{levels}{ $g->{depth} } // build_level($g->{depth});
    place_hero($g, '<');
    my $msg = "You descend to level $g->{depth}.";
    $msg .= ' The air is cold and still.' if $g->{depth} == $DEEPEST;
    my $here = describe_here($g);
    return done(join ' ', $msg, $here);
}

sub cmd_ascend {
    my ($g) = @_;
    my $h = $g->{hero};
    return fail("You can't go up here.") unless tile_at($g, $h->{x}, $h->{y}) eq '<';
    return fail('You will not leave without the Amulet of the Deep.') if $g->{depth} == 1;
    $g->{depth}--;
    $g->{level} = delete $g->{levels}{ $g->{depth} } // build_level($g->{depth});
    place_hero($g, '>');
    return done("You climb up to level $g->{depth}. " . describe_here($g));
}

# ---------------------------------------------------------------- the shop

sub find_ware {
    my ($g, $want) = @_;
    $want = lc $want;
    for my $w (@{ $g->{shop} }) {
        return $w if $w->{name} eq $want;
    }
    for my $w (@{ $g->{shop} }) {
        return $w if index($w->{name}, $want) >= 0;
    }
    return undef;
}

sub cmd_list {
    my ($g) = @_;
    return fail('There is no shop here.') unless at_counter($g);
    my @lines = ('"Welcome! Have a look."');
    for my $w (@{ $g->{shop} }) {
        my $left = $w->{stock} ? "$w->{stock} left" : 'sold out';
        push @lines, sprintf('%-18s %3d gold (%s)', $w->{name}, $w->{price}, $left);
    }
    return free(join "\n", @lines);
}

sub cmd_buy {
    my ($g, $want) = @_;
    my $h = $g->{hero};
    return fail('There is no shop here.') unless at_counter($g);
    return fail('Buy what? Type list to see the wares.') unless defined $want && length $want;
    my $w = find_ware($g, $want) or return fail('"I have no such thing."');
    return fail("The $w->{name} is sold out.") unless $w->{stock};
    return fail("You cannot afford the $w->{name} ($w->{price} gold).") if $h->{gold} < $w->{price};
    return fail('Your pack is full.') if pack_full($g);

    $h->{gold} -= $w->{price};
    $w->{stock}--;
    my $it = new_item($g, $w->{name});
    push @{ $g->{items} }, $it;
    my $letter = chr(ord('a') + $#{ $g->{items} });
    return done("You buy $ITEMS{ $w->{name} }{a} for $w->{price} gold. $letter - $ITEMS{ $w->{name} }{a}.");
}

sub cmd_sell {
    my ($g, $arg) = @_;
    my $h = $g->{hero};
    my $items = $g->{items};
    return fail('There is no shop here.') unless at_counter($g);
    my $idx = letter_index($arg);
    return fail('Sell what? (sell and an item letter)') unless defined $idx;
    return fail("You don't have that item.") if $idx < 0 || $idx > $#$items;
    my $it = $items->[$idx];
    my $info = $ITEMS{ $it->{name} };
    return fail('"I will not touch that."') if $info->{kind} eq 'amulet';
    return fail('You are using that.') if $it->{id} == $h->{weapon_id} || $it->{id} == $h->{armor_id};

    my $offer = int($info->{price} / 2);
    splice(@$items, $idx, 1);
    $h->{gold} += $offer;
    return done("You sell $info->{a} for $info->{price} gold.");
}

# ---------------------------------------------------------------- what the client sees

sub state {
    my ($g) = @_;
    my $h = $g->{hero};
    my $lvl = $g->{level};
    my @map = @{ $lvl->{rows} };
    my @floor;
    for my $key (sort { by_position($a, $b) } keys %{ $lvl->{objects} }) {
        my ($x, $y) = split /,/, $key;
        my $o = $lvl->{objects}{$key};
        my $glyph = $o->{name} eq 'gold' ? '$' : $ITEMS{ $o->{name} }{glyph};
        substr($map[$y], $x, 1) = $glyph;
        my %entry = (x => $x + 0, y => $y + 0, name => $o->{name});
        $entry{amount} = $o->{amount} if $o->{name} eq 'gold';
        push @floor, \%entry;
    }
    my @monsters;
    for my $m (@{ $lvl->{monsters} }) {
        substr($map[ $m->{y} ], $m->{x}, 1) = $m->{glyph};
        push @monsters, { name => $m->{name}, glyph => $m->{glyph}, x => $m->{x}, y => $m->{y}, hp => $m->{hp},
                          awake => $m->{awake} ? JSON::PP::true : JSON::PP::false };
    }
    substr($map[ $h->{y} ], $h->{x}, 1) = '@';

    my $weapon = item_by_id($g, $h->{weapon_id});
    my $armor  = item_by_id($g, $h->{armor_id});
    my @items;
    my $i = 0;
    for my $it (@{ $g->{items} }) {
        push @items, { letter => chr(ord('a') + $i++), name => $it->{name}, kind => $ITEMS{ $it->{name} }{kind} };
    }
    return {
        depth    => $g->{depth},
        turn     => $g->{turn},
        map      => \@map,
        hero     => {
            x => $h->{x}, y => $h->{y}, hp => $h->{hp}, max_hp => $h->{max_hp},
            atk => $h->{atk}, def => $h->{def}, gold => $h->{gold}, xp => $h->{xp}, level => $h->{level},
            wielding => $weapon ? $weapon->{name} : undef,
            wearing  => $armor  ? $armor->{name}  : undef,
        },
        items    => \@items,
        monsters => \@monsters,
        floor    => \@floor,
        shop     => [map { { name => $_->{name}, price => $_->{price}, stock => $_->{stock} } } @{ $g->{shop} }],
        won      => $g->{won}  ? JSON::PP::true : JSON::PP::false,
        dead     => $g->{dead} ? JSON::PP::true : JSON::PP::false,
    };
}

sub by_position {
    my ($ax, $ay) = split /,/, $_[0];
    my ($bx, $by) = split /,/, $_[1];
    return $ay <=> $by || $ax <=> $bx;
}

sub game_over { return $_[0]{over} ? 1 : 0 }

1;

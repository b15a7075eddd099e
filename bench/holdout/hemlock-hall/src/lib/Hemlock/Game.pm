package Hemlock::Game;

# The rules of Hemlock Hall: one evening's investigation, driven by typed commands.

use strict;
use warnings;

our %COST = (walk => 5, question => 10, search => 15);
our $MIDNIGHT     = 180;    # minutes after 9:00 pm
our $START_COINS  = 3;
our $CULPRIT      = 'secretary';
our @PROOF        = qw(ledger receipt tray);

our %CLUES = (
    ledger     => "Torn ledger page: the estate accounts, in Mr Lowell's hand, leave 400 pounds unaccounted for.",
    receipt    => "Burnt receipt: a chemist's receipt for arsenic, signed 'L.', half burnt in the conservatory stove.",
    tray       => "The brandy tray: Mrs Dunmore saw Mr Lowell carry his lordship's brandy up at twenty to nine.",
    keys       => "Two keys: only his lordship and Mr Lowell carried keys to the study.",
    door       => "The study door: Mr Pryce heard the study door shut at a quarter to nine.",
    glass      => "The brandy glass: a bitter, garlicky smell clings to his lordship's glass.",
    will       => "The new will: Miss Ashcombe says her uncle meant to change his will tomorrow.",
    weedkiller => "Missing weedkiller: a tin of arsenic weedkiller went from the potting shed on Tuesday.",
    smoke      => "Stove smoke: Abel Thorne saw smoke from the conservatory stove at nine, though no fire was laid.",
    lost_key   => "Lowell's key: Mr Lowell swore he had lost his study key, yet it lay in the library hearth.",
);

our %ROOMS = (
    hall => {
        name  => 'Hall',
        text  => 'The great hall of Hemlock Hall, lit by a single gasolier. A greatcoat hangs by the door beside an umbrella stand.',
        exits => [qw(library study kitchen conservatory)],
        spots => {
            coat     => { aliases => ['greatcoat', 'coat', 'pockets'], coins => 2, text => 'In the pocket of the greatcoat we find two coins, which we take.' },
            umbrella => { aliases => ['umbrella stand', 'umbrellas', 'stand'], text => 'Three umbrellas, all dry. Nobody has been out in the rain tonight.' },
        },
    },
    library => {
        name  => 'Library',
        text  => 'Shelves of calf-bound volumes climb to the ceiling. A fire is dying in the hearth.',
        exits => [qw(hall study)],
        spots => {
            hearth  => { aliases => ['hearth', 'fireplace', 'fire', 'ashes', 'grate'], item => 'key', text => 'Raking the ashes, we turn up a small brass key, blackened but whole.' },
            shelves => { aliases => ['shelves', 'books', 'shelf'], text => 'Sermons, sporting almanacs and a great deal of dust.' },
        },
    },
    study => {
        name  => 'Study',
        text  => 'Lord Ashcombe lies slumped at his desk, a brandy glass by his hand. The room smells faintly of garlic.',
        exits => [qw(hall library)],
        spots => {
            desk  => { aliases => ['desk', 'drawer', 'desk drawer', 'papers'], clue => 'ledger', text => 'Beneath the blotter lies a page torn from the estate ledger.' },
            glass => { aliases => ['glass', 'brandy glass', 'brandy'], clue => 'glass', text => 'We sniff the dregs of the glass: bitter, and faintly of garlic.' },
            body  => { aliases => ['body', 'lord ashcombe', 'corpse', 'his lordship'], text => 'His lordship has been dead perhaps an hour. There is no wound upon him.' },
        },
    },
    kitchen => {
        name  => 'Kitchen',
        text  => 'Copper pans gleam above a banked range. A back door leads out to the garden.',
        exits => [qw(hall garden)],
        spots => {
            larder => { aliases => ['larder', 'pantry', 'cupboard'], text => 'Cold mutton, a wheel of cheese and a great many jars of preserves.' },
        },
    },
    conservatory => {
        name  => 'Conservatory',
        text  => 'Palms and orchids sweat under the glass. An iron stove squats in the corner.',
        exits => [qw(hall garden)],
        spots => {
            stove  => { aliases => ['stove', 'iron stove'], clue => 'receipt', text => 'In the cold stove lies a scrap of paper, half burnt: a chemist\'s receipt.' },
            plants => { aliases => ['plants', 'orchids', 'palms'], text => 'The orchids are well tended. Nothing is hidden among them.' },
        },
    },
    garden => {
        name  => 'Garden',
        text  => 'Wet lawns under a low moon. A potting shed stands by the wall.',
        exits => [qw(conservatory kitchen)],
        spots => {
            shed => { aliases => ['shed', 'potting shed'], item => 'tin', text => 'On the potting bench stands an empty tin labelled ARSENICAL WEEDKILLER.' },
        },
    },
);

our %PEOPLE = (
    butler => {
        title   => 'Mr Pryce, the butler',
        name    => 'Mr Pryce',
        room    => 'hall',
        aliases => ['butler', 'mr pryce', 'pryce'],
        shrug   => "Mr Pryce inclines his head. 'I could not say, sir.'",
        topics  => {
            key    => { aliases => ['key', 'keys', 'study key'], clue => 'keys', says => "'Only his lordship and Mr Lowell carried keys to the study, sir.'" },
            door   => { aliases => ['door', 'study door', 'evening', 'tonight', 'noises'], clue => 'door', says => "'I heard the study door shut at a quarter to nine, sir. I took it for his lordship.'" },
            brandy => { aliases => ['brandy', 'decanter', 'drink'], says => "'I decanted the brandy myself at eight, sir. It was sound then.'" },
        },
    },
    cook => {
        title   => 'Mrs Dunmore, the cook',
        name    => 'Mrs Dunmore',
        room    => 'kitchen',
        aliases => ['cook', 'mrs dunmore', 'dunmore'],
        shrug   => "Mrs Dunmore sniffs. 'Nothing to do with my kitchen, that.'",
        fee     => 2,
        topics  => {
            tray => { aliases => ['tray', 'brandy tray', 'brandy', 'supper'], clue => 'tray', paid => 1, says => "'Mr Lowell carried the brandy tray up himself at twenty to nine. Never done such a thing before.'" },
            lowell => { aliases => ['lowell', 'mr lowell', 'secretary'], says => "'Keeps himself to himself, that one. Pays his debts late.'" },
        },
    },
    gardener => {
        title   => 'Abel Thorne, the gardener',
        name    => 'Abel Thorne',
        room    => 'garden',
        aliases => ['gardener', 'abel thorne', 'abel', 'thorne'],
        shrug   => "Abel Thorne spits into the flower bed and says nothing.",
        fee     => 2,
        topics  => {
            weedkiller => { aliases => ['weedkiller', 'poison', 'arsenic', 'shed', 'tin'], clue => 'weedkiller', says => "'A tin of weedkiller went from my shed Tuesday. Arsenic, that is.'" },
            stove      => { aliases => ['stove', 'smoke', 'conservatory', 'fire'], clue => 'smoke', paid => 1, says => "'Saw smoke from the conservatory stove at nine. No fire was laid there tonight.'" },
        },
    },
    niece => {
        title   => 'Miss Clara Ashcombe, the niece',
        name    => 'Miss Ashcombe',
        room    => 'conservatory',
        aliases => ['niece', 'miss ashcombe', 'clara', 'miss clara ashcombe', 'clara ashcombe'],
        shrug   => "Miss Ashcombe dabs at her eyes. 'I know nothing of that.'",
        topics  => {
            will   => { aliases => ['will', 'inheritance', 'money'], clue => 'will', says => "'Uncle meant to change his will tomorrow. I do not know in whose favour.'" },
            lowell => { aliases => ['lowell', 'mr lowell', 'secretary'], says => "'Mr Lowell has been pale and jumpy these three weeks.'" },
            uncle  => { aliases => ['uncle', 'lord ashcombe', 'his lordship'], says => "'He was a hard man, but he did not deserve this.'" },
        },
    },
    secretary => {
        title   => 'Mr Lowell, the secretary',
        name    => 'Mr Lowell',
        room    => 'library',
        aliases => ['secretary', 'mr lowell', 'lowell'],
        shrug   => "Mr Lowell adjusts his spectacles. 'I fail to see the relevance.'",
        topics  => {
            key    => { aliases => ['key', 'keys', 'study key'], says => "'I lost my study key days ago. Most vexing.'" },
            ledger => { aliases => ['ledger', 'accounts', 'money'], says => "'The accounts are in perfect order, I assure you.'" },
            brandy => { aliases => ['brandy', 'tray', 'decanter'], says => "'I never touch the stuff, and I was here in the library all evening.'" },
        },
    },
);

our %ITEMS = (
    key => {
        name      => 'Brass key',
        aliases   => ['brass key', 'key', 'small brass key'],
        reactions => {
            butler    => ["Mr Pryce peers at it. 'That is a study key, sir. Mr Lowell's, by the nick in the bow.'"],
            cook      => ["Mrs Dunmore shrugs. 'Keys are Mr Pryce's business, not mine.'"],
            gardener  => ["Abel Thorne squints. 'Not one of my keys. Too fine for a shed.'"],
            niece     => ["Miss Ashcombe shakes her head. 'I have never seen it before.'"],
            secretary => ["Mr Lowell goes white. 'Where did you... I mean, how curious.'", 'lost_key'],
        },
    },
    tin => {
        name      => 'Empty tin',
        aliases   => ['empty tin', 'tin', 'weedkiller tin', 'weedkiller'],
        reactions => {
            gardener => ["'That's my tin, that is! Empty now, and it was half full Tuesday.'", 'weedkiller'],
            cook     => ["Mrs Dunmore recoils. 'Take that filthy thing out of my kitchen!'"],
        },
    },
);

my %NUMBER_WORDS = (one => 1, two => 2, three => 3, four => 4, five => 5, six => 6, seven => 7, eight => 8, nine => 9, ten => 10);

sub new_game {
    return {
        room     => 'hall',
        minutes  => 0,
        coins    => $START_COINS,
        notebook => [],
        met      => [],
        pocket   => [],
        given    => {},
        searched => {},
        status   => 'open',
        turn     => 0,
    };
}

sub intro {
    my ($s) = @_;
    return "It is nine o'clock on a wet November night, and Lord Ashcombe lies dead in his study. "
      . "The household is gathered and nobody may leave before midnight. We stand in the hall, notebook in hand. "
      . "(Type help for ideas.)\n\n" . describe($s);
}

sub clock {
    my ($minutes) = @_;
    my $total = 21 * 60 + $minutes;
    my $h24   = int($total / 60) % 24;
    my $h12   = $h24 % 12 || 12;
    return sprintf('%d:%02d %s', $h12, $total % 60, $h24 >= 12 ? 'pm' : 'am');
}

sub people_in {
    my ($room) = @_;
    return sort grep { $PEOPLE{$_}{room} eq $room } keys %PEOPLE;
}

sub state {
    my ($s) = @_;
    my $room = $ROOMS{ $s->{room} };
    return {
        'Location'    => $room->{name},
        'Time'        => clock($s->{minutes}),
        'Coins'       => $s->{coins},
        'Notebook'    => [ map { $CLUES{$_} } @{ $s->{notebook} } ],
        'Suspects met' => [ @{ $s->{met} } ],
        'Pocket'      => [ map { $ITEMS{$_}{name} } @{ $s->{pocket} } ],
        'People here' => [ map { $PEOPLE{$_}{title} } people_in($s->{room}) ],
        'Exits'       => [ map { $ROOMS{$_}{name} } @{ $room->{exits} } ],
        'Case'        => ucfirst $s->{status},
        'Case solved' => $s->{status} eq 'solved' ? \1 : \0,
    };
}

sub describe {
    my ($s) = @_;
    my $room = $ROOMS{ $s->{room} };
    my @people = map { $PEOPLE{$_}{title} } people_in($s->{room});
    my $text = "We are in the $room->{name}. $room->{text}";
    $text .= ' Here we find ' . join(' and ', @people) . '.' if @people;
    $text .= ' From here we may go to the ' . join(', the ', map { $ROOMS{$_}{name} } @{ $room->{exits} }) . '.';
    $text .= ' The clock stands at ' . clock($s->{minutes}) . '.';
    return $text;
}

sub help_text {
    return "Try things like: look / go to the library / search the desk / ask the butler about the key / "
      . "show the brass key to the secretary / give 2 coins to the cook / read notebook / pocket / accuse the gardener";
}

sub clean {
    my ($text) = @_;
    $text = lc($text // '');
    $text =~ s/[^a-z0-9' ]+/ /g;
    $text =~ s/\s+/ /g;
    $text =~ s/^ | $//g;
    $text =~ s/^(?:the|a|an|his|her|my|our) //;
    return $text;
}

sub match_alias {
    my ($text, $table) = @_;
    $text = clean($text);
    return undef if $text eq '';
    for my $id (sort keys %$table) {
        return $id if grep { $_ eq $text } @{ $table->{$id}{aliases} };
    }
    return undef;
}

sub find_person {
    my ($text) = @_;
    my $id = match_alias($text, \%PEOPLE);
    return $id if defined $id;
    my $clean = clean($text);
    for my $pid (sort keys %PEOPLE) {
        return $pid if $clean eq lc $PEOPLE{$pid}{title} or $clean eq lc $PEOPLE{$pid}{name};
    }
    return undef;
}

sub find_room {
    my ($text) = @_;
    my $clean = clean($text);
    for my $id (sort keys %ROOMS) {
        return $id if $clean eq $id or $clean eq lc $ROOMS{$id}{name};
    }
    return undef;
}

sub note_clue {
    my ($s, $clue) = @_;
    return '' if !$clue or grep { $_ eq $clue } @{ $s->{notebook} };
    push @{ $s->{notebook} }, $clue;
    my ($title) = split /:/, $CLUES{$clue};
    return " We write it in our notebook: $title.";
}

sub advance {
    my ($s, $minutes) = @_;
    $s->{minutes} += $minutes;
    if ($s->{minutes} > $MIDNIGHT) {
        $s->{status} = 'lost';
        return ' The hall clock strikes midnight. By the time the constable arrives, the murderer has '
          . 'fled into the night, and the case is lost.';
    }
    return '';
}

sub reply {
    my ($s, $ok, $message) = @_;
    return { success => $ok ? \1 : \0, message => $message };
}

sub command {
    my ($s, $raw) = @_;
    $s->{turn}++;
    if ($s->{status} ne 'open') {
        my $how = $s->{status} eq 'solved' ? 'The case is solved' : 'The case is lost';
        return reply($s, 0, "$how; there is nothing more for us to do at Hemlock Hall. Start a new game to play again.");
    }
    my $text = lc($raw // '');
    $text =~ s/^\s+|\s+$//g;
    $text =~ s/[.!?]+$//;
    $text =~ s/\s+/ /g;

    return reply($s, 1, help_text()) if $text =~ /^(?:help|\?|hint|hints|what can i do)$/;
    return reply($s, 1, describe($s)) if $text =~ /^(?:look|l|look around)$/;
    return do_notebook($s) if $text =~ /^(?:(?:read|check|open) (?:the |our |my )?)?notebook$/;
    return do_pocket($s) if $text =~ /^(?:pocket|pockets|inventory|i|items|purse|coins)$/;
    return do_go($s, $1) if $text =~ /^(?:go|walk|enter|go to|walk to|move to|head to) (.+)$/;
    return do_search($s, $1) if $text =~ /^(?:search|examine|inspect|x) (.+)$/;
    return do_ask($s, $1, $2) if $text =~ /^(?:ask|question) (.+?) about (.+)$/;
    return do_show($s, $1, $2) if $text =~ /^show (.+?) to (.+)$/;
    return do_give($s, $1, $2) if $text =~ /^(?:give|pay|offer) (\S+) coins? to (.+)$/;
    return do_accuse($s, $1) if $text =~ /^accuse (.+)$/;
    if (my $room = find_room($text)) {
        return do_go($s, $text);
    }
    return reply($s, 0, "We are not quite sure how to go about that. (Type help for ideas.)");
}

sub do_notebook {
    my ($s) = @_;
    return reply($s, 1, 'Our notebook is still blank.') unless @{ $s->{notebook} };
    my $n = 0;
    return reply($s, 1, "We turn the pages of our notebook:\n" . join("\n", map { ++$n . ". $CLUES{$_}" } @{ $s->{notebook} }));
}

sub do_pocket {
    my ($s) = @_;
    my @items = map { $ITEMS{$_}{name} } @{ $s->{pocket} };
    my $items = @items ? 'we carry ' . join(' and ', @items) : 'we carry nothing of note';
    my $coins = $s->{coins} == 1 ? '1 coin' : "$s->{coins} coins";
    return reply($s, 1, "Besides our notebook, $items, and our purse holds $coins.");
}

sub do_go {
    my ($s, $where) = @_;
    $where =~ s/^to //;
    my $id = find_room($where);
    return reply($s, 0, "We know of no such room in Hemlock Hall.") unless $id;
    return reply($s, 0, "We are already in the $ROOMS{$id}{name}.") if $id eq $s->{room};
    unless (grep { $_ eq $id } @{ $ROOMS{ $s->{room} }{exits} }) {
        return reply($s, 0, "We cannot reach the $ROOMS{$id}{name} directly from the $ROOMS{ $s->{room} }{name}.");
    }
    $s->{room} = $id;
    my $late = advance($s, $COST{question});
    return reply($s, 1, describe($s) . $late);
}

sub do_search {
    my ($s, $what) = @_;
    my $room = $ROOMS{ $s->{room} };
    my $spot_id = match_alias($what, $room->{spots});
    return reply($s, 0, "We see no such thing to search in the $room->{name}.") unless $spot_id;
    my $spot = $room->{spots}{$spot_id};
    my $key  = "$s->{room}/$spot_id";
    my $text;
    if ($s->{searched}{$key}) {
        $text = 'We search it again, but find nothing more.';
    }
    elsif (my $coins = $spot->{coins}) {
        $s->{coins} += $coins;
        $text = $spot->{text};
    }
    else {
        $s->{searched}{$key} = 1;
        $text = $spot->{text};
        if (my $item = $spot->{item}) {
            push @{ $s->{pocket} }, $item;
        }
        $text .= note_clue($s, $spot->{clue});
    }
    return reply($s, 1, $text . advance($s, $COST{search}));
}

sub person_here {
    my ($s, $who_text) = @_;
    my $who = find_person($who_text);
    return (undef, "We know of nobody by that name at Hemlock Hall.") unless $who;
    return (undef, "$PEOPLE{$who}{name} is not here.") unless $PEOPLE{$who}{room} eq $s->{room};
    return ($who, undef);
}

sub do_ask {
    my ($s, $who_text, $topic_text) = @_;
    my ($who, $refusal) = person_here($s, $who_text);
    return reply($s, 0, $refusal) unless $who;
    my $person = $PEOPLE{$who};
    push @{ $s->{met} }, $person->{title} unless grep { $_ eq $who } @{ $s->{met} };
    my $topic = match_alias($topic_text, $person->{topics});
    my $text;
    if (!$topic) {
        $text = $person->{shrug};
    }
    elsif ($person->{topics}{$topic}{paid} and ($s->{given}{$who} // 0) < $person->{fee}) {
        $text = "$person->{name} looks away. 'My memory is poor this late. A coin or two might mend it.'";
    }
    else {
        $text = "$person->{name} says: $person->{topics}{$topic}{says}" . note_clue($s, $person->{topics}{$topic}{clue});
    }
    return reply($s, 1, $text . advance($s, $COST{question}));
}

sub do_show {
    my ($s, $item_text, $who_text) = @_;
    my $item = match_alias($item_text, \%ITEMS);
    return reply($s, 0, "We carry nothing of that description.") unless $item and grep { $_ eq $item } @{ $s->{pocket} };
    my ($who, $refusal) = person_here($s, $who_text);
    return reply($s, 0, $refusal) unless $who;
    my ($says, $clue) = @{ $ITEMS{$item}{reactions}{$who} };
    return reply($s, 1, "We show the " . lc($ITEMS{$item}{name}) . " to $PEOPLE{$who}{name}. $says" . note_clue($s, $clue) . advance($s, $COST{question}));
}

sub do_give {
    my ($s, $amount_text, $who_text) = @_;
    my $amount = $amount_text =~ /^\d+$/ ? $amount_text : $NUMBER_WORDS{$amount_text};
    return reply($s, 0, "We cannot make out how many coins to give.") unless defined $amount;
    return reply($s, 0, "We must give at least one coin.") if $amount < 1;
    my ($who, $refusal) = person_here($s, $who_text);
    return reply($s, 0, $refusal) unless $who;
    return reply($s, 0, "Our purse holds only $s->{coins} " . ($s->{coins} == 1 ? 'coin' : 'coins') . '.') if $amount > $s->{coins};
    my $person = $PEOPLE{$who};
    my $text = "We press $amount " . ($amount == 1 ? 'coin' : 'coins') . " into the hand of $person->{name}; "
      . "our purse now holds $s->{coins} " . ($s->{coins} == 1 ? 'coin' : 'coins') . '.';
    $s->{coins} -= $amount;
    $s->{given}{$who} += $amount;
    if ($person->{fee} and $s->{given}{$who} >= $person->{fee}) {
        $text .= " $person->{name} brightens. 'Ask me what you like.'";
    }
    return reply($s, 1, $text);
}

sub do_accuse {
    my ($s, $who_text) = @_;
    my ($who, $refusal) = person_here($s, $who_text);
    return reply($s, 0, $refusal) unless $who;
    my $name = $PEOPLE{$who}{name};
    if ($who ne $CULPRIT) {
        $s->{status} = 'lost';
        return reply($s, 1, "We denounce $name before the household. Alas, we are mistaken: while the constable "
          . "questions the wrong party, the true murderer slips away, and the case is lost.");
    }
    my @missing = grep { my $c = $_; !grep { $_ eq $c } @{ $s->{notebook} } } @PROOF;
    if (@missing) {
        return reply($s, 1, "$name laughs in our faces. 'Proof, sir! Where is your proof?' Our notebook does not yet hold enough to hang him."
          . advance($s, $COST{question}));
    }
    $s->{status} = 'solved';
    return reply($s, 1, "We lay out the torn ledger page, the burnt receipt and the cook's account of the brandy tray. "
      . "$name sinks into a chair and confesses to poisoning his lordship. The case is solved.");
}

1;

package Stovehollow::Words;

# Reads a free-form English sentence and picks out what the keeper wants done.
# Nothing here knows about the game's rules; it only recognises words.

use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(read_sentence number_in);

my %NUMBER_WORDS = (
    one => 1, two => 2, three => 3, four => 4, five => 5, six => 6,
    seven => 7, eight => 8, nine => 9, ten => 10, eleven => 11, twelve => 12,
    single => 1, couple => 2, pair => 2, few => 3, dozen => 12,
);

my %ALL_WORDS = map { $_ => 1 } qw(all every everyone everybody);

my %HOT_WORDS  = map { $_ => 1 } qw(hot big large larger bigger hotter great);
my %WARM_WORDS = map { $_ => 1 } qw(warm small little smaller warmer lesser);

# Each intent is a list of alternative word sets; a sentence matches the
# intent if it holds at least one word from every set of an alternative.
my @INTENTS = (
    [ help  => [ [qw(help ? hint hints commands)] ] ],
    [ mend  => [ [qw(mend fix repair patch reroof shingle tar)], [qw(roof roofs shingles)] ],
               [ [qw(mend reroof)] ] ],
    [ sleep => [ [qw(sleep bed bedtime goodnight)] ],
               [ [qw(close shut)], [qw(up night day bathhouse doors gate)] ],
               [ [qw(end finish)], [qw(day evening)] ],
               [ [qw(call)], [qw(night day)] ] ],
    [ buy   => [ [qw(buy order purchase)] ] ],
    [ split => [ [qw(split chop cleave splitting chopping)] ] ],
    [ snow  => [ [qw(shovel snow shovelful snowball)] ],
               [ [qw(cool chill)], [qw(pool hot warm big small)] ] ],
    [ feed  => [ [qw(put feed stoke burn throw toss add load drop place)],
                 [qw(stove stoves fire firebox big small hot warm log logs wood)] ] ],
    [ carry => [ [qw(carry haul bring fetch move stack lug take ferry)],
                 [qw(log logs wood firewood)] ] ],
    [ admit => [ [qw(let admit welcome usher invite seat)] ],
               [ [qw(guest guests bather bathers visitor visitors)] ] ],
    [ fees  => [ [qw(fee fees collect coin coins money purse)] ] ],
    [ wait  => [ [qw(wait rest pause linger idle doze nap)] ] ],
    [ look  => [ [qw(look status survey check inspect report examine around l)] ] ],
);

sub _tokens {
    my ($text) = @_;
    $text = lc($text // '');
    $text =~ s/\?/ ? /g;
    $text =~ s/[^a-z0-9? ]+/ /g;
    return grep { length } split / +/, $text;
}

# The first count in the sentence: digits, a word from one to twelve, or
# "all". A bare "a" or "an" counts as one when nothing else does.
sub number_in {
    my @words = @_;
    my $article = 0;
    for my $w (@words) {
        return int($w) if $w =~ /^\d+$/;
        return $NUMBER_WORDS{$w} if exists $NUMBER_WORDS{$w};
        return 'all' if $ALL_WORDS{$w};
        $article = 1 if $w eq 'a' || $w eq 'an';
    }
    return $article ? 1 : undef;
}

sub _target {
    my @words = @_;
    for my $w (@words) {
        return 'hot'  if $HOT_WORDS{$w};
        return 'warm' if $WARM_WORDS{$w};
    }
    return undef;
}

sub read_sentence {
    my ($text) = @_;
    my @words = _tokens($text);
    my %has = map { $_ => 1 } @words;
    my $verb;
    INTENT: for my $intent (@INTENTS) {
        my ($name, @alternatives) = @$intent;
        for my $sets (@alternatives) {
            my $ok = 1;
            for my $set (@$sets) {
                unless (grep { $has{$_} } @$set) { $ok = 0; last }
            }
            if ($ok) { $verb = $name; last INTENT }
        }
    }
    return {
        verb   => $verb,
        count  => number_in(@words),
        target => _target(@words),
        words  => \@words,
    };
}

1;

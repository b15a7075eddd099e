use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Stovehollow::Words qw(read_sentence);

my @cases = (
    [ 'please put 3 logs in the big stove',      'feed',  3,     'hot'  ],
    [ 'let the two guests into the hot pool',    'admit', 2,     'hot'  ],
    [ 'split four logs',                         'split', 4,     undef  ],
    [ 'split a few logs',                        'split', 3,     undef  ],
    [ 'carry a couple of logs to the stove',     'carry', 2,     undef  ],
    [ 'Stoke the small stove!',                  'feed',  undef, 'warm' ],
    [ 'put a log in the little stove',           'feed',  1,     'warm' ],
    [ 'shovel snow into the warm pool',          'snow',  undef, 'warm' ],
    [ 'buy twelve logs from the woodcutter',     'buy',   12,    undef  ],
    [ 'buy a dozen logs',                        'buy',   12,    undef  ],
    [ 'mend the roof before the snow',           'mend',  undef, undef  ],
    [ 'close up for the night',                  'sleep', undef, undef  ],
    [ 'wait an hour',                            'wait',  1,     undef  ],
    [ 'take a look around',                      'look',  1,     undef  ],
    [ 'help',                                    'help',  undef, undef  ],
    [ '?',                                       'help',  undef, undef  ],
    [ 'let everyone into the warm pool',         'admit', 'all', 'warm' ],
    [ 'sing a song',                             undef,   1,     undef  ],
);

for my $case (@cases) {
    my ($text, $verb, $count, $target) = @$case;
    my $cmd = read_sentence($text);
    is($cmd->{verb},   $verb,   "verb of '$text'");
    is($cmd->{count},  $count,  "count of '$text'");
    is($cmd->{target}, $target, "target of '$text'");
}

my %words = (one => 1, two => 2, three => 3, four => 4, five => 5, six => 6, seven => 7,
             eight => 8, nine => 9, ten => 10, eleven => 11, twelve => 12);
for my $w (sort keys %words) {
    is(read_sentence("split $w logs")->{count}, $words{$w}, "number word $w");
}

done_testing();

use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Stovehollow::Engine qw(new_bathhouse perform);

open my $fh, '<', "$FindBin::Bin/../docs/walkthrough.md" or die "walkthrough: $!";
my @commands = map { /^- `([^`]+)`/ ? $1 : () } <$fh>;
close $fh;
ok(@commands > 20, 'walkthrough has commands');

my $g = new_bathhouse();
for my $c (@commands) {
    my ($ok, $msg) = perform($g, $c);
    ok($ok, $c) or diag($msg);
}
ok($g->{gameOver}, 'the week is over');
ok($g->{won}, 'and it is won');
ok($g->{coinPurse} >= $g->{coinTarget}, "purse $g->{coinPurse}");

done_testing();

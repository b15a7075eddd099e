use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../lib";
use Test::More;
use Weir::Lock;

sub walkthrough {
    open my $fh, '<', "$FindBin::Bin/../docs/walkthrough.md" or die "walkthrough: $!";
    return map { /`([^`]+)`/ ? $1 : () } <$fh>;
}

sub gauge {
    my ($state, $name) = @_;
    my ($pair) = grep { $_->[0] eq $name } @{ $state->{gauges} };
    return $pair->[1];
}

subtest 'a new day' => sub {
    my $lock = Weir::Lock->new;
    my $state = $lock->state;
    is gauge($state, 'chamber'), 1.0, 'chamber starts at the downstream level';
    is_deeply $state->{queue}, { up => [1, 3], down => [2, 4] }, 'boats queue on both sides';
    is $state->{gates}{upper}, 'shut';
    is $state->{gates}{lower}, 'shut';
    ok !$state->{day}{won}, 'not won yet';
};

subtest 'the walkthrough wins' => sub {
    my $lock = Weir::Lock->new;
    for my $command (walkthrough()) {
        my $reply = $lock->command($command);
        ok $reply->{success}, $command or diag $reply->{message};
    }
    ok $lock->state->{day}{won}, 'every boat through';
};

subtest 'the upper sluice fills by half a metre a tick' => sub {
    my $lock = Weir::Lock->new;
    $lock->command('sluice upper open');
    $lock->command('wait 2');
    is gauge($lock->state, 'chamber'), 2.0;
};

subtest 'a gate will not open against the water' => sub {
    my $lock = Weir::Lock->new;
    my $reply = $lock->command('gate upper open');
    ok !$reply->{success};
    is $lock->state->{gates}{upper}, 'shut';
};

subtest 'small boats pay three coins' => sub {
    my $lock = Weir::Lock->new;
    $lock->command('toll 4 collect');
    is $lock->state->{tolls}, 3;
};

subtest 'help is a manual page' => sub {
    my $text = Weir::Lock->new->command('help')->{message};
    like $text, qr/^$_$/m, $_ for qw(NAME SYNOPSIS COMMANDS EXAMPLES);
};

subtest 'verbs come after the noun' => sub {
    my $reply = Weir::Lock->new->command('open gate upper');
    ok !$reply->{success};
    like $reply->{message}, qr/Name the thing first/;
};

done_testing;

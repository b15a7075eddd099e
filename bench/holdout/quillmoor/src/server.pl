#!/usr/bin/env perl
# Quillmoor's agent API: POST /api/agent/new, POST /api/agent/command, GET /api/agent/state/<id>, GET /healthz.
use strict;
use warnings;
use FindBin ();
use lib "$FindBin::Bin/lib";

use Quillmoor::Server;

my $port = $ENV{QUILL_PORT} || 8090;
die "quillmoor: QUILL_PORT must be a port number\n" unless $port =~ /^\d{1,5}$/;
Quillmoor::Server::run($port);

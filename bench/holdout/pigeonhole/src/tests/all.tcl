# all.tcl -- runs every tests/*.test file in this interpreter.
#
#   tclsh tests/all.tcl ?tcltest options?
#
# Exits 1 when a test fails, so that CI can tell.

package require tcltest 2
namespace import ::tcltest::*
configure {*}$argv

set testDir [file dirname [file normalize [info script]]]
set srcDir [file dirname $testDir]
source [file join $srcDir server.tcl]

foreach file [lsort [glob -directory $testDir *.test]] {
    source $file
}

set passed $::tcltest::numTests(Passed)
set failed $::tcltest::numTests(Failed)
cleanupTests
puts "$passed passed, $failed failed"
exit [expr {$failed > 0}]

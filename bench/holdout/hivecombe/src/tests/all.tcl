# all.tcl -- run every tests/*.test file in one interpreter; exit 1 if any test fails.
package require tcltest 2
namespace import ::tcltest::*

set testDir [file dirname [file normalize [info script]]]
source [file join $testDir .. json.tcl]
source [file join $testDir .. game.tcl]

# Play a list of commands from a fresh game; returns the last {state success message}.
proc play {commands} {
    set state [hc::fresh]
    set result [list $state 1 ""]
    foreach c $commands {
        set result [hc::run $state $c]
        set state [lindex $result 0]
    }
    return $result
}
proc after_ {commands key} {
    return [dict get [lindex [play $commands] 0] $key]
}

foreach file [lsort [glob -directory $testDir *.test]] {
    source $file
}

set failed $::tcltest::numTests(Failed)
cleanupTests
exit [expr {$failed > 0 ? 1 : 0}]

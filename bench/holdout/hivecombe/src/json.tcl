# json.tcl -- a small JSON reader and writer for the Hivecombe server.
#
# json::decode returns tagged values so a caller can tell a string from a number:
#   {str TEXT} {num TEXT} {bool 0|1} {null {}} {arr LIST-OF-VALUES} {obj DICT-OF-VALUES}

namespace eval json {
    variable maxDepth 64
}

proc json::decode {text} {
    set pos 0
    set value [parseValue $text pos 0]
    skipSpace $text pos
    if {$pos < [string length $text]} {
        error "trailing characters at offset $pos"
    }
    return $value
}

proc json::skipSpace {text posVar} {
    upvar 1 $posVar pos
    while {[string index $text $pos] in {" " "\t" "\n" "\r"}} { incr pos }
}

proc json::parseValue {text posVar depth} {
    upvar 1 $posVar pos
    variable maxDepth
    if {$depth > $maxDepth} { error "nesting deeper than $maxDepth" }
    skipSpace $text pos
    set c [string index $text $pos]
    switch -- $c {
        "\{" {
            incr pos
            set members [dict create]
            skipSpace $text pos
            if {[string index $text $pos] eq "\}"} { incr pos; return [list obj $members] }
            while 1 {
                skipSpace $text pos
                if {[string index $text $pos] ne "\""} { error "expected a key at offset $pos" }
                set key [parseString $text pos]
                skipSpace $text pos
                if {[string index $text $pos] ne ":"} { error "expected ':' at offset $pos" }
                incr pos
                dict set members $key [parseValue $text pos [expr {$depth + 1}]]
                skipSpace $text pos
                set c [string index $text $pos]
                incr pos
                if {$c eq "\}"} { return [list obj $members] }
                if {$c ne ","} { error "expected ',' or '\}' in object" }
            }
        }
        "\[" {
            incr pos
            set items {}
            skipSpace $text pos
            if {[string index $text $pos] eq "\]"} { incr pos; return [list arr $items] }
            while 1 {
                lappend items [parseValue $text pos [expr {$depth + 1}]]
                skipSpace $text pos
                set c [string index $text $pos]
                incr pos
                if {$c eq "\]"} { return [list arr $items] }
                if {$c ne ","} { error "expected ',' or '\]' in array" }
            }
        }
        "\"" { return [list str [parseString $text pos]] }
        "t" { return [literal $text pos true {bool 1}] }
        "f" { return [literal $text pos false {bool 0}] }
        "n" { return [literal $text pos null {null {}}] }
        default {
            set start $pos
            while {[string first [string index $text $pos] "+-.eE0123456789"] >= 0
                   && $pos < [string length $text]} {
                incr pos
            }
            set token [string range $text $start [expr {$pos - 1}]]
            if {![regexp {^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$} $token]} {
                error "unexpected input at offset $start"
            }
            return [list num $token]
        }
    }
}

proc json::literal {text posVar word value} {
    upvar 1 $posVar pos
    set end [expr {$pos + [string length $word] - 1}]
    if {[string range $text $pos $end] ne $word} { error "bad literal at offset $pos" }
    set pos [expr {$end + 1}]
    return $value
}

proc json::parseString {text posVar} {
    upvar 1 $posVar pos
    incr pos
    set out ""
    set len [string length $text]
    while {$pos < $len} {
        set c [string index $text $pos]
        incr pos
        if {$c eq "\""} { return $out }
        if {$c eq "\\"} {
            set e [string index $text $pos]
            incr pos
            switch -- $e {
                "\"" { append out "\"" }
                "\\" { append out "\\" }
                "/"  { append out "/" }
                b { append out "\b" }
                f { append out "\f" }
                n { append out "\n" }
                r { append out "\r" }
                t { append out "\t" }
                u {
                    set hex [string range $text $pos [expr {$pos + 3}]]
                    if {![regexp {^[0-9a-fA-F]{4}$} $hex]} { error "bad \\u escape" }
                    append out [format %c [scan $hex %x]]
                    incr pos 4
                }
                default { error "bad escape \\$e" }
            }
        } elseif {[scan $c %c] < 0x20} {
            error "control character in string"
        } else {
            append out $c
        }
    }
    error "unterminated string"
}

# --- writing -----------------------------------------------------------------

proc json::str {s} {
    set out "\""
    foreach c [split $s ""] {
        scan $c %c code
        if {$c eq "\""} {
            append out "\\\""
        } elseif {$c eq "\\"} {
            append out "\\\\"
        } elseif {$c eq "\n"} {
            append out "\\n"
        } elseif {$code < 0x20 || $code > 0x7e} {
            append out [format "\\u%04x" $code]
        } else {
            append out $c
        }
    }
    append out "\""
}

# An object from alternating key / already-encoded value pairs.
proc json::obj {pairs} {
    set parts {}
    foreach {k v} $pairs { lappend parts "[str $k]: $v" }
    return "\{[join $parts {, }]\}"
}

proc json::arr {items} {
    return "\[[join $items {, }]\]"
}

# A plain Tcl value: a whole number stays a number, anything else a string.
proc json::scalar {v} {
    if {[string is entier -strict $v] && [regexp {^-?[0-9]+$} $v]} { return $v }
    return [str $v]
}

proc json::bool {v} {
    return [expr {$v ? "true" : "false"}]
}

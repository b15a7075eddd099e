# json.tcl -- just enough JSON for the agent API, by hand (tclsh ships none).
#
# Writing: callers build documents from the typed helpers below (str, num,
# bool, arr, obj); every helper returns JSON text.
#
# Reading: json::parse returns a tagged value so that the caller can tell a
# string from a number:  {string S} {number N} {bool 0|1} {null}
# {array LIST-OF-TAGGED} {object DICT-OF-TAGGED}.

namespace eval json {
    variable maxDepth 64
}

proc json::str {s} {
    set s [string map {\\ \\\\ \" \\\" \n \\n \r \\r \t \\t \b \\b \f \\f} $s]
    # Other control characters and lone UTF-16 halves go out as \u escapes.
    if {[regexp {[\x00-\x1f\ud800-\udfff]} $s]} {
        set out ""
        foreach ch [split $s ""] {
            scan $ch %c code
            if {$code < 0x20 || ($code >= 0xd800 && $code <= 0xdfff)} {
                append out [format \\u%04x $code]
            } else {
                append out $ch
            }
        }
        set s $out
    }
    return "\"$s\""
}

proc json::num {n} { return $n }

proc json::bool {b} { expr {$b ? "true" : "false"} }

proc json::arr {items} { return "\[[join $items ,]\]" }

# json::obj key value ?key value ...?  (values are JSON text already)
proc json::obj {args} {
    set parts {}
    foreach {k v} $args {
        lappend parts "[str $k]:$v"
    }
    return "\{[join $parts ,]\}"
}

proc json::parse {text} {
    set pos 0
    set value [Value $text pos 0]
    SkipSpace $text pos
    if {$pos != [string length $text]} {
        error "unexpected text after the JSON value at $pos"
    }
    return $value
}

proc json::SkipSpace {text posVar} {
    upvar 1 $posVar pos
    while {[string is space -strict [string index $text $pos]]} {
        incr pos
    }
}

proc json::Value {text posVar depth} {
    upvar 1 $posVar pos
    variable maxDepth
    if {$depth > $maxDepth} {
        error "JSON nested too deeply"
    }
    SkipSpace $text pos
    set ch [string index $text $pos]
    switch -- $ch {
        "\{" { return [Object $text pos $depth] }
        "\[" { return [Array $text pos $depth] }
        "\"" { return [list string [String $text pos]] }
        "t" { return [Literal $text pos true {bool 1}] }
        "f" { return [Literal $text pos false {bool 0}] }
        "n" { return [Literal $text pos null {null}] }
    }
    if {[regexp -start $pos {\A-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?} $text number]} {
        incr pos [string length $number]
        return [list number $number]
    }
    if {$ch eq ""} {
        error "unexpected end of JSON"
    }
    error "unexpected character '$ch' at $pos"
}

proc json::Literal {text posVar word value} {
    upvar 1 $posVar pos
    if {[string range $text $pos [expr {$pos + [string length $word] - 1}]] ne $word} {
        error "bad literal at $pos"
    }
    incr pos [string length $word]
    return $value
}

proc json::String {text posVar} {
    upvar 1 $posVar pos
    incr pos
    set out ""
    while 1 {
        if {![regexp -start $pos -indices {["\\]} $text at]} {
            error "unterminated string"
        }
        set at [lindex $at 0]
        append out [string range $text $pos [expr {$at - 1}]]
        set pos [expr {$at + 1}]
        if {[string index $text $at] eq "\""} {
            return $out
        }
        set esc [string index $text $pos]
        incr pos
        switch -- $esc {
            \" - \\ - / { append out $esc }
            b { append out \b }
            f { append out \f }
            n { append out \n }
            r { append out \r }
            t { append out \t }
            u {
                set hex [string range $text $pos [expr {$pos + 3}]]
                if {![regexp {^[0-9a-fA-F]{4}$} $hex]} {
                    error "bad \\u escape at $pos"
                }
                append out [format %c [scan $hex %x]]
                incr pos 4
            }
            default { error "bad escape at $pos" }
        }
    }
}

proc json::Array {text posVar depth} {
    upvar 1 $posVar pos
    incr pos
    set items {}
    SkipSpace $text pos
    if {[string index $text $pos] eq "\]"} {
        incr pos
        return [list array $items]
    }
    while 1 {
        lappend items [Value $text pos [expr {$depth + 1}]]
        SkipSpace $text pos
        set ch [string index $text $pos]
        incr pos
        if {$ch eq "\]"} {
            return [list array $items]
        }
        if {$ch ne ","} {
            error "expected , or \] in array"
        }
    }
}

proc json::Object {text posVar depth} {
    upvar 1 $posVar pos
    incr pos
    set fields {}
    SkipSpace $text pos
    if {[string index $text $pos] eq "\}"} {
        incr pos
        return [list object $fields]
    }
    while 1 {
        SkipSpace $text pos
        if {[string index $text $pos] ne "\""} {
            error "expected a key at $pos"
        }
        set key [String $text pos]
        SkipSpace $text pos
        if {[string index $text $pos] ne ":"} {
            error "expected : at $pos"
        }
        incr pos
        dict set fields $key [Value $text pos [expr {$depth + 1}]]
        SkipSpace $text pos
        set ch [string index $text $pos]
        incr pos
        if {$ch eq "\}"} {
            return [list object $fields]
        }
        if {$ch ne ","} {
            error "expected , or \} in object"
        }
    }
}

# json.tcl -- a small JSON encoder and decoder for Menagerie.
#
# Encoding is explicit: callers build documents with json::str, json::num,
# json::bool, json::obj and json::arr, so every value carries its JSON type.
#
# Decoding returns tagged values, so a caller can tell a string from a number:
#   {s text}  {n number}  {b 0|1}  {null}  {o {key tagged ...}}  {a {tagged ...}}

namespace eval json {
    variable maxDepth 64
}

proc json::str {s} {
    set s [string map [list \\ \\\\ \" \\\" \n \\n \r \\r \t \\t \b \\b \f \\f] $s]
    if {[regexp {[\x00-\x1f\u2028\u2029]} $s]} {
        set out ""
        foreach c [split $s ""] {
            scan $c %c code
            if {$code < 32 || $code == 0x2028 || $code == 0x2029} {
                append out [format "\\u%04x" $code]
            } else {
                append out $c
            }
        }
        set s $out
    }
    return "\"$s\""
}

proc json::num {n} {
    if {![string is double -strict $n]} {
        return 0
    }
    return $n
}

proc json::bool {b} {
    expr {$b ? "true" : "false"}
}

proc json::obj {args} {
    set parts {}
    foreach {k v} $args {
        lappend parts "[json::str $k]:$v"
    }
    return "\{[join $parts ,]\}"
}

proc json::arr {items} {
    return "\[[join $items ,]\]"
}

proc json::strs {items} {
    set out {}
    foreach item $items {
        lappend out [json::str $item]
    }
    return [json::arr $out]
}

# --- decoding ---------------------------------------------------------------

proc json::decode {text} {
    set pos 0
    set value [json::Value $text pos 0]
    json::Skip $text pos
    if {$pos != [string length $text]} {
        error "trailing characters at offset $pos"
    }
    return $value
}

proc json::Skip {text posVar} {
    upvar 1 $posVar pos
    set len [string length $text]
    while {$pos < $len && [string first [string index $text $pos] " \t\r\n"] >= 0} {
        incr pos
    }
}

proc json::Value {text posVar depth} {
    upvar 1 $posVar pos
    variable maxDepth
    if {$depth > $maxDepth} {
        error "nested too deeply"
    }
    json::Skip $text pos
    set c [string index $text $pos]
    switch -- $c {
        "\{" { return [json::Object $text pos $depth] }
        "\[" { return [json::Array $text pos $depth] }
        "\"" { return [list s [json::String $text pos]] }
        "t" { return [json::Literal $text pos true {b 1}] }
        "f" { return [json::Literal $text pos false {b 0}] }
        "n" { return [json::Literal $text pos null {null}] }
        "" { error "unexpected end of input" }
        default {
            if {[regexp -start $pos -- {\A-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?} $text number]} {
                incr pos [string length $number]
                return [list n $number]
            }
            error "unexpected character at offset $pos"
        }
    }
}

proc json::Literal {text posVar word value} {
    upvar 1 $posVar pos
    if {[string range $text $pos [expr {$pos + [string length $word] - 1}]] ne $word} {
        error "bad literal at offset $pos"
    }
    incr pos [string length $word]
    return $value
}

proc json::Object {text posVar depth} {
    upvar 1 $posVar pos
    incr pos
    set result {}
    json::Skip $text pos
    if {[string index $text $pos] eq "\}"} {
        incr pos
        return [list o $result]
    }
    while 1 {
        json::Skip $text pos
        if {[string index $text $pos] ne "\""} {
            error "expected a key at offset $pos"
        }
        set key [json::String $text pos]
        json::Skip $text pos
        if {[string index $text $pos] ne ":"} {
            error "expected ':' at offset $pos"
        }
        incr pos
        dict set result $key [json::Value $text pos [expr {$depth + 1}]]
        json::Skip $text pos
        set c [string index $text $pos]
        incr pos
        if {$c eq ","} {
            continue
        } elseif {$c eq "\}"} {
            return [list o $result]
        }
        error "expected ',' or '\}' at offset $pos"
    }
}

proc json::Array {text posVar depth} {
    upvar 1 $posVar pos
    incr pos
    set result {}
    json::Skip $text pos
    if {[string index $text $pos] eq "\]"} {
        incr pos
        return [list a $result]
    }
    while 1 {
        lappend result [json::Value $text pos [expr {$depth + 1}]]
        json::Skip $text pos
        set c [string index $text $pos]
        incr pos
        if {$c eq ","} {
            continue
        } elseif {$c eq "\]"} {
            return [list a $result]
        }
        error "expected ',' or '\]' at offset $pos"
    }
}

proc json::String {text posVar} {
    upvar 1 $posVar pos
    incr pos
    set out ""
    set len [string length $text]
    while {$pos < $len} {
        set c [string index $text $pos]
        if {$c eq "\""} {
            incr pos
            return $out
        }
        if {$c eq "\\"} {
            set e [string index $text [expr {$pos + 1}]]
            switch -- $e {
                "\"" { append out "\"" }
                "\\" { append out "\\" }
                "/" { append out "/" }
                "b" { append out "\b" }
                "f" { append out "\f" }
                "n" { append out "\n" }
                "r" { append out "\r" }
                "t" { append out "\t" }
                "u" {
                    set hex [string range $text [expr {$pos + 2}] [expr {$pos + 5}]]
                    if {![regexp {^[0-9a-fA-F]{4}$} $hex]} {
                        error "bad \\u escape at offset $pos"
                    }
                    scan $hex %x code
                    if {$code >= 0xD800 && $code <= 0xDFFF} {
                        # Surrogates cannot be held on their own: keep the replacement character.
                        set code 0xFFFD
                        if {[regexp -start [expr {$pos + 6}] -- {\A\\u[dD][c-fC-F][0-9a-fA-F]{2}} $text]} {
                            incr pos 6
                        }
                    }
                    append out [format %c $code]
                    incr pos 4
                }
                default { error "bad escape at offset $pos" }
            }
            incr pos 2
            continue
        }
        scan $c %c code
        if {$code < 32} {
            error "control character in string at offset $pos"
        }
        append out $c
        incr pos
    }
    error "unterminated string"
}

# server.tcl -- Menagerie's HTTP server (GBQA agent API).
#
#   tclsh server.tcl            listens on $HOST:$MENAGERIE_PORT (127.0.0.1:8000 by default)
#
# One coroutine per connection; HTTP/1.1 with keep-alive, Content-Length bodies only.

set here [file dirname [file normalize [info script]]]
source [file join $here json.tcl]
source [file join $here game.tcl]

namespace eval http {
    variable maxLine 8192
    variable maxHeaders 100
    variable maxBody 65536
    variable maxCommand 500
    variable maxGames 1000
    variable nextGame 0
    variable order {}
    variable reasons {
        200 OK 400 {Bad Request} 404 {Not Found} 405 {Method Not Allowed}
        411 {Length Required} 413 {Payload Too Large} 431 {Request Header Fields Too Large}
        500 {Internal Server Error} 501 {Not Implemented}
    }
}

array set ::games {}

proc http::error_body {text} {
    json::obj error [json::str $text]
}

proc http::reply {chan status body {close 0}} {
    variable reasons
    set reason [expr {[dict exists $reasons $status] ? [dict get $reasons $status] : "Status"}]
    set bytes [encoding convertto utf-8 $body]
    set head "HTTP/1.1 $status $reason\r\n"
    append head "Content-Type: application/json; charset=utf-8\r\n"
    append head "Content-Length: [string length $bytes]\r\n"
    append head "Cache-Control: no-store\r\n"
    append head "Connection: [expr {$close ? "close" : "keep-alive"}]\r\n\r\n"
    puts -nonewline $chan $head
    puts -nonewline $chan $bytes
    flush $chan
}

# Read one line (without CR LF) inside the connection's coroutine.
proc http::getline {chan} {
    variable maxLine
    while 1 {
        if {[gets $chan line] >= 0} {
            if {[string length $line] > $maxLine} {
                throw {HTTP TOOLONG} "line too long"
            }
            return [string trimright $line "\r"]
        }
        if {[eof $chan]} {
            throw {HTTP EOF} "closed"
        }
        if {[chan pending input $chan] > $maxLine} {
            throw {HTTP TOOLONG} "line too long"
        }
        yield
    }
}

proc http::getbody {chan length} {
    set body ""
    while {[string length $body] < $length} {
        set chunk [read $chan [expr {$length - [string length $body]}]]
        append body $chunk
        if {[string length $body] >= $length} {
            break
        }
        if {[eof $chan]} {
            throw {HTTP EOF} "closed"
        }
        yield
    }
    return $body
}

proc http::connection {chan} {
    chan event $chan readable [info coroutine]
    try {
        while 1 {
            if {![http::one_request $chan]} {
                break
            }
        }
    } trap {HTTP EOF} {} {
    } trap {HTTP TOOLONG} {} {
        catch {http::reply $chan 431 [http::error_body "request line or header too long"] 1}
    } on error {msg} {
        catch {http::reply $chan 500 [http::error_body "internal error"] 1}
    }
    catch {close $chan}
}

# Serve one request; returns 1 to keep the connection open.
proc http::one_request {chan} {
    variable maxHeaders
    variable maxBody
    set line [http::getline $chan]
    while {$line eq ""} {
        set line [http::getline $chan]
    }
    if {![regexp {^([A-Z]+) (\S+) HTTP/(1\.[01])$} $line -> method target version]} {
        http::reply $chan 400 [http::error_body "malformed request line"] 1
        return 0
    }
    set headers [dict create]
    set count 0
    while 1 {
        set h [http::getline $chan]
        if {$h eq ""} {
            break
        }
        if {[incr count] > $maxHeaders} {
            http::reply $chan 431 [http::error_body "too many headers"] 1
            return 0
        }
        if {[regexp {^([^:]+):\s*(.*)$} $h -> key value]} {
            dict set headers [string tolower [string trim $key]] [string trim $value]
        }
    }
    set keep [expr {$version eq "1.1"}]
    if {[dict exists $headers connection]} {
        set conn [string tolower [dict get $headers connection]]
        if {$conn eq "close"} {
            set keep 0
        } elseif {$conn eq "keep-alive"} {
            set keep 1
        }
    }
    if {[dict exists $headers transfer-encoding]} {
        http::reply $chan 501 [http::error_body "chunked bodies are not supported; send Content-Length"] 1
        return 0
    }
    set length 0
    if {[dict exists $headers content-length]} {
        set length [dict get $headers content-length]
        if {![regexp {^[0-9]{1,9}$} $length]} {
            http::reply $chan 400 [http::error_body "bad Content-Length"] 1
            return 0
        }
        scan $length %d length
        if {$length > $maxBody} {
            http::reply $chan 413 [http::error_body "body too large"] 1
            return 0
        }
    }
    set body [encoding convertfrom utf-8 [http::getbody $chan $length]]
    set path [lindex [split $target ?] 0]
    try {
        lassign [http::route $method $path $body] status payload
    } on error {msg opts} {
        puts stderr "error serving $method $path: $msg"
        set status 500
        set payload [http::error_body "internal error"]
    }
    http::reply $chan $status $payload [expr {!$keep}]
    return $keep
}

proc http::route {method path body} {
    switch -regexp -matchvar m -- $path {
        {^/api/health$} {
            if {$method ne "GET"} { return [http::not_allowed] }
            return [list 200 [json::obj status [json::str ok] game [json::str menagerie]]]
        }
        {^/api/agent/new$} {
            if {$method ne "POST"} { return [http::not_allowed] }
            return [http::new_game]
        }
        {^/api/agent/command$} {
            if {$method ne "POST"} { return [http::not_allowed] }
            return [http::command $body]
        }
        {^/api/agent/state/([^/]+)$} {
            if {$method ne "GET"} { return [http::not_allowed] }
            return [http::state [lindex $m 1]]
        }
        {^/$} {
            if {$method ne "GET"} { return [http::not_allowed] }
            return [list 200 [json::obj game [json::str menagerie] \
                api [json::strs {"POST /api/agent/new" "POST /api/agent/command" "GET /api/agent/state/{game_id}" "GET /api/health"}]]]
        }
    }
    return [list 404 [http::error_body "no such path: $path"]]
}

proc http::not_allowed {} {
    list 405 [http::error_body "method not allowed"]
}

proc http::new_game {} {
    variable nextGame
    variable order
    variable maxGames
    set id "zoo-[incr nextGame]"
    set ::games($id) [zoo::fresh]
    lappend order $id
    if {[llength $order] > $maxGames} {
        unset -nocomplain ::games([lindex $order 0])
        set order [lrange $order 1 end]
    }
    set welcome "Welcome to Menagerie! You are the keeper of a small zoo for one week: feed the animals, keep the enclosures clean, open the gates to visitors and look after the young ones. Goal: at the close of any day, $zoo::GOAL_FUNDS coins and $zoo::GOAL_ANIMALS animals, none sick. Type help() for the keeper's handbook."
    return [list 200 [json::obj game_id [json::str $id] message [json::str $welcome] state [zoo::state_json $::games($id)]]]
}

proc http::field {obj key type} {
    if {![dict exists $obj $key]} {
        return {}
    }
    set v [dict get $obj $key]
    if {[lindex $v 0] in $type} {
        return [list [lindex $v 1]]
    }
    return {}
}

proc http::command {body} {
    variable maxCommand
    if {[catch {json::decode $body} doc]} {
        return [list 400 [http::error_body "the body must be a JSON object"]]
    }
    if {[lindex $doc 0] ne "o"} {
        return [list 400 [http::error_body "the body must be a JSON object"]]
    }
    set obj [lindex $doc 1]
    set id [http::field $obj game_id {s n}]
    if {![llength $id]} {
        return [list 400 [http::error_body "game_id (a string) is required"]]
    }
    set id [lindex $id 0]
    set line [http::field $obj command {s}]
    if {![llength $line]} {
        return [list 400 [http::error_body "command (a string) is required"]]
    }
    set line [lindex $line 0]
    if {![info exists ::games($id)]} {
        return [list 404 [http::error_body "no game with id $id"]]
    }
    set g $::games($id)
    if {[string length $line] > $maxCommand} {
        set result [zoo::fail "That command is too long."]
    } elseif {[string trim $line] eq ""} {
        set result [zoo::fail "Type a command, for example help()."]
    } else {
        lassign [zoo::run $g $line] g result
        set ::games($id) $g
    }
    set over [expr {[dict get $g won] || [dict get $g lost]}]
    return [list 200 [json::obj \
        success [json::bool [dict get $result ok]] \
        message [json::str [dict get $result msg]] \
        state [zoo::state_json $g] \
        game_over [json::bool $over] \
        turn [json::num [dict get $g turn]]]]
}

proc http::state {id} {
    if {![info exists ::games($id)]} {
        return [list 404 [http::error_body "no game with id $id"]]
    }
    return [list 200 [json::obj game_id [json::str $id] state [zoo::state_json $::games($id)]]]
}

proc http::accept {chan addr port} {
    chan configure $chan -blocking 0 -translation binary -buffering full
    coroutine ::http::conn_$chan http::connection $chan
}

proc http::main {} {
    set host [expr {[info exists ::env(HOST)] && $::env(HOST) ne "" ? $::env(HOST) : "127.0.0.1"}]
    set port [expr {[info exists ::env(MENAGERIE_PORT)] && $::env(MENAGERIE_PORT) ne "" ? $::env(MENAGERIE_PORT) : 8000}]
    socket -server http::accept -myaddr $host $port
    puts "Menagerie listening on http://$host:$port/"
    flush stdout
    vwait forever
}

if {[info exists ::argv0] && [file normalize $::argv0] eq [file normalize [info script]]} {
    http::main
}

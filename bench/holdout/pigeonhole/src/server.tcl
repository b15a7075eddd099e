#!/usr/bin/env tclsh
# server.tcl -- Pigeonhole over HTTP/1.1 on a plain Tcl server socket.
#
#   POST /api/agent/new                 -> {game_id, message, state}
#   POST /api/agent/command             {game_id, command}
#                                       -> {success, message, state, game_over, turn}
#   GET  /api/agent/state/<game_id>     -> {game_id, state}
#   GET  /healthz                       -> {status: "ok"}
#
# Listens on $HOST (default 127.0.0.1), port $PIGEONHOLE_PORT (default 8080).

set here [file dirname [file normalize [info script]]]
source [file join $here json.tcl]
source [file join $here pigeonhole.tcl]

namespace eval server {
    variable games
    array set games {}
    variable serial 0
    variable buffers
    array set buffers {}
    variable MAX_HEAD 16384
    variable MAX_BODY 65536
    variable REASONS {
        200 OK 400 {Bad Request} 404 {Not Found} 405 {Method Not Allowed}
        411 {Length Required} 413 {Payload Too Large}
        431 {Request Header Fields Too Large} 500 {Internal Server Error}
    }
}

# --- the API ---------------------------------------------------------------

proc server::failure {status text} {
    list $status [json::obj error [json::str $text]]
}

proc server::route {method target body} {
    set path [lindex [split $target ?] 0]
    if {$path eq "/healthz"} {
        if {$method ne "GET"} {
            return [failure 405 "use GET"]
        }
        return [list 200 [json::obj status [json::str ok]]]
    }
    if {$path eq "/api/agent/new"} {
        if {$method ne "POST"} {
            return [failure 405 "use POST"]
        }
        return [new_game]
    }
    if {$path eq "/api/agent/command"} {
        if {$method ne "POST"} {
            return [failure 405 "use POST"]
        }
        return [command $body]
    }
    if {[regexp {^/api/agent/state/([^/]+)$} $path -> id]} {
        if {$method ne "GET"} {
            return [failure 405 "use GET"]
        }
        return [state $id]
    }
    return [failure 404 "no such path: $path"]
}

proc server::new_game {} {
    variable games
    variable serial
    set id [format pg-%05d [incr serial]]
    set games($id) [pigeonhole::new_game]
    set g $games($id)
    set text "Monday, 08:00 at the Wickham Street sorting office. The van has\
        left [llength [dict get $g sack]] items in the sack. Sort them into the\
        four pigeonholes, load your satchel and walk the rounds: every item\
        must be out by the end of Wednesday. Type help for the commands."
    list 200 [json::obj game_id [json::str $id] message [json::str $text] \
        state [pigeonhole::view $g]]
}

proc server::command {body} {
    variable games
    if {[catch {json::parse [encoding convertfrom utf-8 $body]} request]} {
        return [failure 400 "the body is not JSON: $request"]
    }
    lassign $request type fields
    if {$type ne "object"} {
        return [failure 400 "the body must be a JSON object"]
    }
    foreach key {game_id command} {
        if {![dict exists $fields $key]} {
            return [failure 400 "missing field: $key"]
        }
    }
    lassign [dict get $fields game_id] type id
    if {$type ni {string number}} {
        return [failure 400 "game_id must be a string"]
    }
    if {![info exists games($id)]} {
        return [failure 404 "no game $id"]
    }
    lassign [dict get $fields command] type line
    if {$type ne "string"} {
        return [failure 400 "command must be a string"]
    }
    set g $games($id)
    lassign [pigeonhole::play g $line] ok text
    set games($id) $g
    list 200 [json::obj success [json::bool $ok] message [json::str $text] \
        state [pigeonhole::view $g] game_over [json::bool [dict get $g over]] \
        turn [dict get $g turn]]
}

proc server::state {id} {
    variable games
    if {![info exists games($id)]} {
        return [failure 404 "no game $id"]
    }
    list 200 [json::obj game_id [json::str $id] state [pigeonhole::view $games($id)]]
}

# --- HTTP ------------------------------------------------------------------

proc server::accept {chan addr port} {
    variable buffers
    fconfigure $chan -translation binary -blocking 0 -buffering full
    set buffers($chan) ""
    fileevent $chan readable [list server::readable $chan]
}

proc server::hangup {chan} {
    variable buffers
    unset -nocomplain buffers($chan)
    catch {close $chan}
}

proc server::readable {chan} {
    variable buffers
    if {[catch {read $chan} data]} {
        hangup $chan
        return
    }
    append buffers($chan) $data
    while {[info exists buffers($chan)] && [next_request $chan]} {}
    if {[info exists buffers($chan)] && [eof $chan]} {
        hangup $chan
    }
}

# Answers one complete request from the channel's buffer, if there is one.
# Returns 1 when it did and the connection stays open.
proc server::next_request {chan} {
    variable buffers
    variable MAX_HEAD
    variable MAX_BODY
    set buf $buffers($chan)
    set end [string first "\r\n\r\n" $buf]
    if {$end < 0} {
        if {[string length $buf] > $MAX_HEAD} {
            reply $chan {*}[failure 431 "request head too large"] 1
        }
        return 0
    }
    set lines [split [string range $buf 0 [expr {$end - 1}]] \n]
    set words [regexp -all -inline {\S+} [lindex $lines 0]]
    if {[llength $words] != 3 || ![string match HTTP/1.* [lindex $words 2]]} {
        reply $chan {*}[failure 400 "bad request line"] 1
        return 0
    }
    lassign $words method target version
    set headers {}
    foreach line [lrange $lines 1 end] {
        if {[regexp {^([^:]+):\s*(.*?)\s*$} $line -> name value]} {
            dict set headers [string tolower $name] $value
        }
    }
    if {[dict exists $headers transfer-encoding]} {
        reply $chan {*}[failure 411 "send a Content-Length"] 1
        return 0
    }
    set length 0
    if {[dict exists $headers content-length]} {
        set length [dict get $headers content-length]
        if {![regexp {^[0-9]{1,9}$} $length]} {
            reply $chan {*}[failure 400 "bad Content-Length"] 1
            return 0
        }
        set length [scan $length %d]
    }
    if {$length > $MAX_BODY} {
        reply $chan {*}[failure 413 "body too large"] 1
        return 0
    }
    set start [expr {$end + 4}]
    if {[string length $buf] < $start + $length} {
        return 0
    }
    set body [string range $buf $start [expr {$start + $length - 1}]]
    set buffers($chan) [string range $buf [expr {$start + $length}] end]
    set connection [string tolower [expr {[dict exists $headers connection]
        ? [dict get $headers connection] : ""}]]
    set close [expr {$connection eq "close"
        || ($version eq "HTTP/1.0" && $connection ne "keep-alive")}]
    if {[catch {route $method $target $body} answer]} {
        puts stderr "error answering $method $target: $::errorInfo"
        set answer [failure 500 "internal server error"]
    }
    reply $chan {*}$answer $close
    return [expr {!$close}]
}

proc server::reply {chan status body close} {
    variable REASONS
    set bytes [encoding convertto utf-8 $body]
    set head "HTTP/1.1 $status [dict get $REASONS $status]\r\n"
    append head "Content-Type: application/json; charset=utf-8\r\n"
    append head "Content-Length: [string length $bytes]\r\n"
    append head "Connection: [expr {$close ? "close" : "keep-alive"}]\r\n\r\n"
    if {[catch {
        puts -nonewline $chan $head
        puts -nonewline $chan $bytes
        flush $chan
    }]} {
        hangup $chan
        return
    }
    if {$close} {
        hangup $chan
    }
}

proc server::main {} {
    global env
    set host 127.0.0.1
    if {[info exists env(HOST)] && $env(HOST) ne ""} {
        set host $env(HOST)
    }
    set port 8080
    if {[info exists env(PIGEONHOLE_PORT)] && $env(PIGEONHOLE_PORT) ne ""} {
        set port $env(PIGEONHOLE_PORT)
    }
    socket -server server::accept -myaddr $host $port
    puts "Pigeonhole listening on http://$host:$port"
    flush stdout
    vwait forever
}

if {[info exists argv0] && [file normalize $argv0] eq [file normalize [info script]]} {
    server::main
}

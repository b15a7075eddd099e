# server.tcl -- Hivecombe's HTTP/1.1 server: the GBQA agent API on a plain Tcl socket.
#
#   HIVECOMBE_PORT   port to listen on (default 8000)
#   HOST             address to bind (default 127.0.0.1)

set here [file dirname [file normalize [info script]]]
source [file join $here json.tcl]
source [file join $here game.tcl]

namespace eval srv {
    variable games
    array set games {}
    variable turns
    array set turns {}
    variable serial 0
    variable buffers
    array set buffers {}
    variable MAX_BODY 65536
    variable reasons {200 OK 400 {Bad Request} 404 {Not Found} 405 {Method Not Allowed}
                      411 {Length Required} 413 {Payload Too Large} 431 {Request Header Fields Too Large}
                      500 {Internal Server Error}}
}

proc srv::accept {ch addr port} {
    variable buffers
    fconfigure $ch -blocking 0 -translation binary -buffering full
    set buffers($ch) ""
    fileevent $ch readable [list srv::readable $ch]
}

proc srv::hangup {ch} {
    variable buffers
    unset -nocomplain buffers($ch)
    catch {close $ch}
}

proc srv::readable {ch} {
    variable buffers
    if {[catch {read $ch} data]} { hangup $ch; return }
    append buffers($ch) $data
    if {[catch {drain $ch} err]} {
        puts stderr "hivecombe: $err"
        hangup $ch
        return
    }
    if {[info exists buffers($ch)] && [eof $ch]} { hangup $ch }
}

# Answer every complete request waiting in the connection's buffer.
proc srv::drain {ch} {
    variable buffers
    variable MAX_BODY
    while {[info exists buffers($ch)]} {
        set buf $buffers($ch)
        set end [string first "\r\n\r\n" $buf]
        if {$end < 0} {
            if {[string length $buf] > 16384} { respond $ch 431 [errorBody "headers too large"] 1 }
            return
        }
        set lines [split [string range $buf 0 [expr {$end - 1}]] "\n"]
        set request [string trim [lindex $lines 0]]
        set headers [dict create]
        foreach line [lrange $lines 1 end] {
            set colon [string first : $line]
            if {$colon < 0} continue
            dict set headers [string tolower [string trim [string range $line 0 $colon-1]]] \
                [string trim [string range $line $colon+1 end]]
        }
        if {[llength [split $request " "]] != 3} {
            respond $ch 400 [errorBody "malformed request line"] 1
            return
        }
        lassign [split $request " "] method target version
        set close [expr {[string tolower [dict_get $headers connection]] eq "close"
                         || $version eq "HTTP/1.0"}]
        if {[dict exists $headers transfer-encoding]} {
            respond $ch 411 [errorBody "send a Content-Length"] 1
            return
        }
        set length [dict_get $headers content-length 0]
        if {![string is digit -strict $length]} {
            respond $ch 400 [errorBody "bad Content-Length"] 1
            return
        }
        if {$length > $MAX_BODY} {
            respond $ch 413 [errorBody "body too large"] 1
            return
        }
        set total [expr {$end + 4 + $length}]
        if {[string length $buf] < $total} return
        set body [string range $buf $end+4 $total-1]
        set buffers($ch) [string range $buf $total end]
        set path [lindex [split $target ?] 0]
        if {[catch {route $method $path $body} answer opts]} {
            puts stderr "hivecombe: $method $path: [dict get $opts -errorinfo]"
            set answer [list 500 [errorBody "internal server error"]]
        }
        respond $ch {*}$answer $close
    }
}

proc srv::dict_get {d key {default ""}} {
    if {[dict exists $d $key]} { return [dict get $d $key] }
    return $default
}

proc srv::respond {ch status body close} {
    variable reasons
    set bytes [encoding convertto utf-8 $body]
    set head "HTTP/1.1 $status [dict get $reasons $status]\r\n"
    append head "Content-Type: application/json\r\n"
    append head "Content-Length: [string length $bytes]\r\n"
    append head "Connection: [expr {$close ? "close" : "keep-alive"}]\r\n\r\n"
    if {[catch {puts -nonewline $ch $head$bytes; flush $ch}]} { set close 1 }
    if {$close} { hangup $ch }
}

proc srv::errorBody {text} {
    return [json::obj [list error [json::str $text]]]
}

proc srv::route {method path body} {
    if {$path eq "/api/health"} {
        if {$method ne "GET"} { return [list 405 [errorBody "use GET"]] }
        return [list 200 [json::obj [list status [json::str ok] game [json::str hivecombe]]]]
    }
    if {$path eq "/api/agent/new"} {
        if {$method ne "POST"} { return [list 405 [errorBody "use POST"]] }
        return [newGame]
    }
    if {$path eq "/api/agent/command"} {
        if {$method ne "POST"} { return [list 405 [errorBody "use POST"]] }
        return [command $body]
    }
    if {[regexp {^/api/agent/state/([^/]+)$} $path -> id]} {
        if {$method ne "GET"} { return [list 405 [errorBody "use GET"]] }
        variable games
        if {![info exists games($id)]} { return [list 404 [errorBody "no such game"]] }
        return [list 200 [json::obj [list game_id [json::str $id] state [stateJson $games($id)]]]]
    }
    return [list 404 [errorBody "not found"]]
}

proc srv::newGame {} {
    variable games
    variable turns
    variable serial
    set id "hive-[incr serial]"
    set games($id) [hc::fresh]
    set turns($id) 0
    set text "Wk 1, Mon: A new logbook for the Hivecombe apiary. Hive A stands on the first stand\
              with 5 frames of brood; there is a spare super in the shed and 40 coins in the purse.\
              Sell honey on Saturdays and finish Wk 12 with 200 coins and 12 jars put by. Type help."
    return [list 200 [json::obj [list game_id [json::str $id] message [json::str $text] \
                                     state [stateJson $games($id)]]]]
}

proc srv::command {body} {
    variable games
    variable turns
    if {[catch {json::decode [encoding convertfrom utf-8 $body]} req]} {
        return [list 400 [errorBody "body is not JSON: $req"]]
    }
    if {[lindex $req 0] ne "obj"} { return [list 400 [errorBody "body must be a JSON object"]] }
    set fields [lindex $req 1]
    foreach f {game_id command} {
        if {![dict exists $fields $f] || [lindex [dict get $fields $f] 0] ne "str"} {
            return [list 400 [errorBody "$f must be a string"]]
        }
    }
    set id [lindex [dict get $fields game_id] 1]
    set line [lindex [dict get $fields command] 1]
    if {![info exists games($id)]} { return [list 404 [errorBody "no such game"]] }
    lassign [hc::run $games($id) $line] state ok message
    set games($id) $state
    incr turns($id)
    set over [dict get $state season.over]
    return [list 200 [json::obj [list success [json::bool $ok] message [json::str $message] \
        state [stateJson $state] game_over [json::bool $over] turn $turns($id)]]]
}

# The logbook's flat keys, each written as its own JSON type.
proc srv::stateJson {state} {
    set pairs {}
    dict for {k v} $state {
        if {$k in {season.over won}} {
            lappend pairs $k [json::bool $v]
        } elseif {$k in {hives forecast prices}} {
            lappend pairs $k [json::arr [lmap item $v {json::scalar $item}]]
        } else {
            lappend pairs $k [json::scalar $v]
        }
    }
    return [json::obj $pairs]
}

set port [expr {[info exists env(HIVECOMBE_PORT)] ? $env(HIVECOMBE_PORT) : 8000}]
set host [expr {[info exists env(HOST)] && $env(HOST) ne "" ? $env(HOST) : "127.0.0.1"}]
socket -server srv::accept -myaddr $host $port
puts "hivecombe: listening on $host:$port"
flush stdout
vwait forever

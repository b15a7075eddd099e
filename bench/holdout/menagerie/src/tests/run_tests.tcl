# Menagerie's own tests: tclsh tests/run_tests.tcl (exit 1 on any failure).

set root [file dirname [file dirname [file normalize [info script]]]]
source [file join $root server.tcl]

set ::passed 0
set ::failed 0

proc check {name cond {detail ""}} {
    if {[uplevel 1 [list expr $cond]]} {
        incr ::passed
    } else {
        incr ::failed
        puts "FAIL: $name $detail"
    }
}

proc play {g args} {
    foreach cmd $args {
        lassign [zoo::run $g $cmd] g r
        set ::last $r
    }
    return $g
}

proc animal_of {g name} {
    dict for {e encl} [dict get $g enclosures] {
        foreach a [dict get $encl animals] {
            if {[dict get $a name] eq $name} {
                return $a
            }
        }
    }
    return {}
}

proc full_day {g} {
    foreach {name kg} {pip 2 wren 2 stripe 6 dot 6 ember 4 moss 1 fig 1 bean 1} {
        set g [play $g "feed(animal=$name, kg=$kg)"]
    }
    return $g
}

# --- JSON -------------------------------------------------------------------
set doc [json::decode {{"game_id": "zoo-1", "command": "feed(animal=pip, kg=2)", "n": -1.5e2, "ok": true, "list": [1, "a\u00e9\n", null]}}]
check "decode object" {[lindex $doc 0] eq "o"}
set obj [lindex $doc 1]
check "decode string" {[dict get $obj game_id] eq {s zoo-1}}
check "decode number" {[dict get $obj n] eq {n -1.5e2}}
check "decode bool" {[dict get $obj ok] eq {b 1}}
check "decode array" {[lindex [dict get $obj list] 1 1] eq [list s "a\u00e9\n"]}
check "decode rejects junk" {[catch {json::decode "{\"a\": }"}]}
check "decode rejects trailing" {[catch {json::decode "{} x"}]}
check "decode rejects unterminated" {[catch {json::decode "\"abc"}]}
check "encode escapes" {[json::str "a\"b\\c\n\x01"] eq "\"a\\\"b\\\\c\\n\\u0001\""}
check "encode object" {[json::obj a [json::num 1] b [json::bool 0]] eq {{"a":1,"b":false}}}
set enc [json::str "tab\there"]
check "round trip" {[json::decode $enc] eq [list s "tab\there"]}

# --- a new game -------------------------------------------------------------
set g [zoo::fresh]
check "starts on day 1" {[dict get $g day] == 1}
check "starting funds" {[dict get $g funds] == 150}
check "starting hours" {[dict get $g hours_left] == 14}
check "eight animals" {[zoo::animal_count_of $g] == 8}
set state [json::decode [zoo::state_json $g]]
check "state is an object" {[lindex $state 0] eq "o"}
set encls [lindex [dict get [lindex $state 1] enclosures] 1]
check "state nested by enclosure" {[dict keys $encls] eq {pond paddock den canopy barn}}
set pond [lindex [dict get $encls pond] 1]
check "animals array" {[lindex [dict get $pond animals] 0] eq "a" && [llength [lindex [dict get $pond animals] 1]] == 2}

# --- parsing ------------------------------------------------------------------
lassign [zoo::parse {Feed( Animal = "Pip" , kg=2 )}] name params
check "parse name" {$name eq "feed"}
check "parse params" {[dict get $params animal] eq "pip" && [dict get $params kg] eq "2"}
check "parse bare word" {[lindex [zoo::parse look] 0] eq "look"}
check "positional refused" {[catch {zoo::parse {feed(pip, 2)}}]}
lassign [zoo::run $g "dance()"] g2 r
check "unknown command" {![dict get $r ok]}
lassign [zoo::run $g "feed(animal=pip)"] g2 r
check "missing parameter" {![dict get $r ok]}
lassign [zoo::run $g "feed(animal=pip, kg=2, colour=red)"] g2 r
check "unknown parameter" {![dict get $r ok]}
lassign [zoo::run $g "help()"] g2 r
set handbook [string range [dict get $r msg] [string first "\{" [dict get $r msg]] end]
check "help is JSON" {[lindex [json::decode $handbook] 0] eq "o"}
check "turn counts" {[dict get $g2 turn] == 1}

# --- feeding ------------------------------------------------------------------
set g [play [zoo::fresh] "feed(animal=pip, kg=2)"]
check "feed ok" {[dict get $::last ok]}
check "feed takes from the store" {[dict get $g stores fish] == 18}
check "feed records the ration" {[dict get [animal_of $g pip] fed_today] == 2}
check "feed takes an hour" {[dict get $g hours_left] == 13}
set g [play $g "feed(animal=pip, kg=1)"]
check "full animal refused" {![dict get $::last ok] && [dict get $g stores fish] == 18 && [dict get $g hours_left] == 13}
set g [play [zoo::fresh] "feed(animal=nobody, kg=1)"]
check "unknown animal refused" {![dict get $::last ok]}
set g [play [zoo::fresh] "feed(animal=pip, kg=0)"]
check "zero kg refused" {![dict get $::last ok]}
set g [play [zoo::fresh] "feed(animal=stripe, kg=3)" "feed(animal=stripe, kg=3)"]
check "two half rations" {[dict get [animal_of $g stripe] fed_today] == 6 && [dict get $g stores hay] == 24}

# --- buying -------------------------------------------------------------------
set g [play [zoo::fresh] "buy(food=hay, kg=30)"]
check "bulk discount" {[dict get $g funds] == 150 - 27 && [dict get $g stores hay] == 60}
set g [play [zoo::fresh] "buy(food=meat, kg=10)"]
check "full price" {[dict get $g funds] == 100 && [dict get $g stores meat] == 22}
set g [play [zoo::fresh] "buy(food=hay, kg=31)"]
check "store capacity" {![dict get $::last ok] && [dict get $g funds] == 150}
set g [play [zoo::fresh] "buy(food=cake, kg=1)"]
check "unknown food" {![dict get $::last ok]}
set g [play [zoo::fresh] "buy(food=meat, kg=40)"]
check "cannot overspend" {![dict get $::last ok] && [dict get $g funds] == 150}

# --- gates, cleaning, nights --------------------------------------------------
set g [play [zoo::fresh] "open_gates()"]
check "visitors on a clean day" {[dict get $g visitors_today] == 32 && [dict get $g funds] == 310}
check "visitors dirty the enclosures" {[dict get $g enclosures pond cleanliness] == 90}
set g [play $g "open_gates()"]
check "gates once a day" {![dict get $::last ok] && [dict get $g funds] == 310}
set g [play [zoo::fresh] "clean(enclosure=pond)"]
check "spotless refused" {![dict get $::last ok]}
set g [play [zoo::fresh] "end_day()"]
check "night dirties by animal count" {[dict get $g enclosures canopy cleanliness] == 70 && [dict get $g enclosures den cleanliness] == 90}
check "new day" {[dict get $g day] == 2 && [dict get $g hours_left] == 14}
check "unfed animals get hungry" {[dict get [animal_of $g ember] hunger] == 1 && [dict get [animal_of $g ember] health] eq "well"}
set g [play $g "clean(enclosure=canopy)"]
check "clean" {[dict get $g enclosures canopy cleanliness] == 100 && [dict get $g hours_left] == 12}
set g [play [zoo::fresh] "end_day()" "end_day()"]
check "two hungry nights make an animal sick" {[dict get [animal_of $g ember] health] eq "sick"}
set g [play $g "vet(animal=ember)"]
check "vet charges" {[dict get $::last ok] && [dict get $g funds] == 125}
set g [play [zoo::fresh] "vet(animal=ember)"]
check "vet refuses the healthy" {![dict get $::last ok] && [dict get $g funds] == 150}

# --- births, moves, transfers ---------------------------------------------------
set g [zoo::fresh]
for {set d 1} {$d <= 3} {incr d} {
    set g [play [full_day $g] "buy(food=fruit, kg=5)" "buy(food=meat, kg=4)" "buy(food=hay, kg=12)" "end_day()"]
}
check "otter and lemurs born on the third night" {[dict get $g births] == 3 && [zoo::animal_count_of $g] == 11}
check "young one in the pond" {[dict get [animal_of $g kit1] stage] eq "young" && [dict get [animal_of $g kit1] appetite] == 1}
check "mother starts over" {[dict get [animal_of $g pip] gestation] == 0}
set g [play [zoo::fresh] "move(animal=pip, to=barn)"]
check "move to the barn" {[dict get $::last ok] && [llength [dict get $g enclosures barn animals]] == 1 && [llength [dict get $g enclosures pond animals]] == 1}
set g [play [zoo::fresh] "move(animal=pip, to=den)"]
check "wrong habitat" {![dict get $::last ok]}
set g [play [zoo::fresh] "send(animal=fig)"]
check "send pays the fee" {[dict get $::last ok] && [dict get $g funds] == 190 && [zoo::animal_count_of $g] == 7}

# --- the end ----------------------------------------------------------------------
set g [zoo::fresh]
for {set d 1} {$d <= 7} {incr d} {
    set g [play $g "end_day()"]
}
check "lost after day 7" {[dict get $g lost] && ![dict get $g won]}
set g [play $g "feed(animal=pip, kg=1)"]
check "nothing after the end" {![dict get $::last ok]}

# --- HTTP routing -------------------------------------------------------------------
lassign [http::route GET /api/health ""] status body
check "health" {$status == 200}
lassign [http::route POST /api/agent/new ""] status body
check "new" {$status == 200}
set id [lindex [dict get [lindex [json::decode $body] 1] game_id] 1]
lassign [http::route POST /api/agent/command "{\"game_id\": \"$id\", \"command\": \"look()\"}"] status body
check "command" {$status == 200 && [dict get [lindex [json::decode $body] 1] success] eq {b 1}}
lassign [http::route POST /api/agent/command "not json"] status body
check "bad body" {$status == 400}
lassign [http::route POST /api/agent/command "{\"game_id\": \"nope\", \"command\": \"look()\"}"] status body
check "unknown game" {$status == 404}
lassign [http::route POST /api/agent/command "{\"game_id\": \"$id\"}"] status body
check "missing command" {$status == 400}
lassign [http::route GET /api/agent/state/$id ""] status body
check "state" {$status == 200}
lassign [http::route GET /api/agent/command ""] status body
check "wrong method" {$status == 405}

puts "$::passed passed, $::failed failed"
exit [expr {$::failed > 0}]

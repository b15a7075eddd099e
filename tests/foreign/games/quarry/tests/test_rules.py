from quarry.rules import Quarry


def test_three_gems_buy_the_deed():
    q = Quarry()
    for line in ["dig", "dig", "dig", "go market", "sell"]:
        ok, _ = q.do(line)
        assert ok
    assert q.done


def test_no_digging_at_the_market():
    q = Quarry()
    q.do("go market")
    assert q.do("dig")[0] is False

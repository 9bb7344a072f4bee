-- Observers may change the graph: their changes propagate too, and every observer ends up consistent.
-- A reset ends every observation with one last call.
local model = ripple.model {
  Account = {
    balance = { "double", default = 0 },
    limit = { "double", default = 100 },
    overdrawn = { derived = function(a) return a.balance < 0 end, dependsOn = { "balance" } },
    headroom = { derived = function(a) return a.limit + a.balance end, dependsOn = { "limit", "balance" } },
  },
}
local ctx = ripple.container(model).viewContext
local account = ctx:insert("Account")
ctx:save()

scenario("an observer that reacts to a derived value by changing an input", function()
  local log = {}
  ripple.observe(account, "overdrawn", function(change)
    log[#log + 1] = "overdrawn " .. tostring(change.new)
    if change.new then account.limit = 500 end              -- raise the limit when overdrawn
  end)
  ripple.observe(account, "headroom", function(change) log[#log + 1] = "headroom " .. tostring(change.new) end)
  account.balance = -50
  expect(account.headroom):toBe(450.0)
  -- The headroom observer runs after the overdrawn observer raised the limit: it sees one change, from
  -- the value it last saw to the settled one (intermediate values of one mutation are never shown).
  expect(log):toEqual({ "overdrawn true", "headroom 450.0" })
  expect(account:recomputationCount("headroom")):toBe(3)     -- insert, balance, limit
end)

scenario("reset tells every observer once, then the observations are over", function()
  local log = {}
  ripple.observe(account, "balance", function(change)
    log[#log + 1] = (change.isDeleted and "gone " or "") .. tostring(change.old) .. " -> " .. tostring(change.new)
  end)
  ctx:reset()
  expect(log):toEqual({ "gone -50.0 -> nil" })
  local again = ctx:fetch { entity = "Account" }[1]
  expect(again.overdrawn):toBe(false)                          -- the saved balance is 0
  expect(again.headroom):toBe(100.0)
end)

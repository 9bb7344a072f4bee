-- Bad input: a derived property whose function writes one of its own inputs. Recomputing it changes
-- the input, which dirties it again: it used to loop (33 s, then the instruction limit). It is now a
-- cycle, reported at its first repetition; the property keeps the value of its one computation and the
-- context goes on.
local model = ripple.model {
  Counter = {
    n = "integer",
    twice = { derived = function(o) o.n = o.n + 1; return o.n * 2 end, dependsOn = { "n" } },
  },
  Item = {
    n = "integer",
    label = { derived = function(o) return "#" .. o.n end, dependsOn = { "n" } },
    twice = { derived = function(o) o.n = o.n + 1; return o.n * 2 end, dependsOn = { "n" } },
  },
}
local ctx = ripple.container(model).viewContext

scenario("a function writing its own input: a cycle at the first repetition", function()
  local counter
  expect(function() counter = ctx:insert("Counter", { n = 1 }) end)
    :toRaise("125%-derived%-function%-writing%-its%-input%.lua:20: derived property twice of Counter#1, while it was computed, changed one of its own inputs: a cycle %(a derived function must not write what derived properties depend on%)")
  -- computed once: n went from 1 to 2, and twice is 4
  counter = ctx:fetch { entity = "Counter" }[1]
  expect(counter.n):toBe(2)
  expect(counter.twice):toBe(4)
end)

scenario("writing the input of another property computed before it names both", function()
  expect(function() ctx:insert("Item", { n = 1 }) end)
    :toRaise("derived property twice of Item#1, while it was computed, changed an input of label of Item#1 %(computed before it in the same change%): a cycle")
  local item = ctx:fetch { entity = "Item" }[1]
  expect(item.n):toBe(2)
  expect(item.twice):toBe(4)
  expect(item.label):toBe("#1")
end)

scenario("the context goes on: each change computes once more and is reported again", function()
  local counter = ctx:fetch { entity = "Counter" }[1]
  local before = ctx.derivedRecomputationCount
  expect(function() counter.n = 10 end):toRaise("derived property twice of Counter#1, while it was computed, changed one of its own inputs")
  expect(counter.n):toBe(11)
  expect(counter.twice):toBe(22)
  expect(ctx.derivedRecomputationCount - before):toBe(1)
  ctx:save()
  expect(ctx.hasChanges):toBe(false)
  expect(#ctx:fetch { entity = "Counter" }):toBe(1)
end)

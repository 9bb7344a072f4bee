-- Glitch-free propagation: b and c derive from a, d from b and c. One change of a recomputes d once,
-- after b and c, and tells d's observer once; nobody sees a half-updated value.
local model = ripple.model {
  Node = {
    a = { "integer", default = 1 },
    b = { derived = function(n) return n.a * 10 end, dependsOn = { "a" } },
    c = { derived = function(n) return n.a * 100 end, dependsOn = { "a" } },
    d = { derived = function(n) return n.b + n.c end, dependsOn = { "b", "c" } },
    parity = { derived = function(n) return n.a % 2 end, dependsOn = { "a" } },
    label = { derived = function(n) return n.parity == 0 and "even" or "odd" end, dependsOn = { "parity" } },
  },
}
local ctx = ripple.container(model).viewContext
local n = ctx:insert("Node")

scenario("one recomputation of the tip, one notification, inputs already up to date", function()
  expect(n.d):toBe(110)
  local seen = {}
  ripple.observe(n, "d", function(change)
    seen[#seen + 1] = string.format("%d -> %d with b=%d c=%d", change.old, change.new, n.b, n.c)
  end)
  local before = ctx.derivedRecomputationCount
  n.a = 2
  expect(n.d):toBe(220)
  expect(seen):toEqual({ "110 -> 220 with b=20 c=200" })
  expect(n:recomputationCount("d")):toBe(2)
  -- b, c, d, parity and label (parity changed from 1 to 0)
  expect(ctx.derivedRecomputationCount - before):toBe(5)
end)

scenario("a value that did not change stops the propagation", function()
  local labels = {}
  ripple.observe(n, "label", function(change) labels[#labels + 1] = change.new end)
  local before = n:recomputationCount("label")
  n.a = 4                                   -- parity stays 0: label is not recomputed
  expect(n:recomputationCount("label")):toBe(before)
  expect(n:recomputationCount("parity")):toBe(3)
  n.a = 5
  expect(labels):toEqual({ "odd" })
end)

scenario("the change appears once in objectsDidChange, with the value before the event", function()
  ctx:save()
  local old
  ripple.observe(ctx, "objectsDidChange", function(note) old = note.oldValues[n] end)
  ripple.clearEvents()
  n.a = 6
  n.a = 7
  ctx:processPendingChanges()
  expect(ripple.events()):toEqual({ "[viewContext] objectsDidChange updated: Node#1 {a, b, c, d, label, parity}" })
  expect(old.d):toBe(550)
  expect(old.label):toBe("odd")
end)

-- Seed 002 (turbo-derive): an item's total is itemPrice × quantity (function form), the invoice's
-- totalSum is items.@sum.total (expression form). The values of Turbo Derive's invoice example, step by step, and
-- exactly one key-value notification per actual change of value.
local model = ripple.model {
  Invoice = {
    name = "string?",
    items = { toMany = "InvoiceItem", inverse = "invoice" },
    totalSum = { derived = "items.@sum.total" },
  },
  InvoiceItem = {
    itemPrice = { "double", default = 0 },
    quantity = { "integer", default = 0 },
    invoice = { toOne = "Invoice", inverse = "items" },
    total = {
      derived = function(item) return item.itemPrice * math.tointeger(item.quantity) end,
      dependsOn = { "itemPrice", "quantity" },
    },
  },
}
local ctx = ripple.container(model).viewContext
local seen = {}
local function record(change)
  seen[#seen + 1] = string.format("%s.%s %s -> %s", tostring(change.object), change.keyPath,
    tostring(change.old), tostring(change.new))
end

local item1 = ctx:insert("InvoiceItem")
local item2 = ctx:insert("InvoiceItem")
ripple.observe(item1, "total", record)
ripple.observe(item2, "total", record)

scenario("item totals follow price and quantity (54.95, 98.91, 45, 594)", function()
  expect(item1.total):toBe(0)
  item1.itemPrice = 10.99; item1.quantity = 5
  expect(item1.total):toBe(54.95)
  item1.quantity = 9
  expect(item1.total):toBe(98.91)
  item1.itemPrice = 5.0
  expect(item1.total):toBe(45)
  item2.itemPrice = 99; item2.quantity = 6
  expect(item2.total):toBe(594)
  expect(seen):toEqual({
    "InvoiceItem#1.total 0.0 -> 54.95", "InvoiceItem#1.total 54.95 -> 98.91", "InvoiceItem#1.total 98.91 -> 45.0",
    "InvoiceItem#2.total 0.0 -> 594.0",                 -- price alone leaves 99 × 0 = 0: no change, no notification
  })
end)

scenario("the invoice total follows additions, member changes and removals (639, 673.02, 79.02)", function()
  seen = {}
  local invoice = ctx:insert("Invoice")
  ripple.observe(invoice, "totalSum", record)
  expect(invoice.totalSum):toBe(0)
  invoice.items = { item1, item2 }                    -- addItems: in one mutation
  expect(invoice.totalSum):toBe(639)
  item1.itemPrice = 8.78
  expect(item1.total):toBe(79.02)
  expect(invoice.totalSum):toBe(673.02)
  invoice.items:remove(item2)
  expect(invoice.totalSum):toBe(79.02)
  item2.quantity = 1                                   -- no longer touches the invoice
  expect(invoice.totalSum):toBe(79.02)
  expect(seen):toEqual({
    "Invoice#1.totalSum 0 -> 639.0",
    "InvoiceItem#1.total 45.0 -> 79.02", "Invoice#1.totalSum 639.0 -> 673.02",
    "Invoice#1.totalSum 673.02 -> 79.02",
    "InvoiceItem#2.total 594.0 -> 99.0",
  })
  expect(invoice:recomputationCount("totalSum")):toBe(4)
end)

-- Seed 002 (Turbo Derive): an invoice whose total is derived from its items' totals, themselves derived
-- from price × quantity. Observers hear each real change of value once.
-- Run: swift run ripple run Scripts/examples/invoice-totals.lua --trace

local model = ripple.model {
  Invoice = {
    items    = { toMany = "InvoiceItem", inverse = "invoice", deleteRule = "cascade" },
    totalSum = { derived = "items.@sum.total" },
  },
  InvoiceItem = {
    itemPrice = { "double", default = 0 },
    quantity  = { "integer", default = 0 },
    invoice   = { toOne = "Invoice", inverse = "items" },
    total     = { derived = function(i) return i.itemPrice * i.quantity end, dependsOn = { "itemPrice", "quantity" } },
  },
}
local ctx = ripple.container(model).viewContext
local invoice = ctx:insert("Invoice", {})
local heard = {}
ripple.observe(invoice, "totalSum", function(change) heard[#heard + 1] = change.new end)

scenario("the total follows its items", function()
  local pen = ctx:insert("InvoiceItem", { itemPrice = 2.5, quantity = 4 })
  local pad = ctx:insert("InvoiceItem", { itemPrice = 4, quantity = 1 })
  invoice.items:add(pen)
  invoice.items:add(pad)
  pen.quantity = 2
  invoice.items:remove(pad)
  expect(invoice.totalSum):toBe(5.0)
  expect(heard):toEqual({ 10.0, 14.0, 9.0, 5.0 })
end)

-- Bad input: Lua tables nested deeply or containing themselves, given where a value is expected. The
-- conversion pushed one Lua stack slot per level without lua_checkstack: ~80 levels wrote past the
-- stack and the process died later in free(); a cyclic table recursed until the native stack overflowed.
-- Every Lua value now becomes a Swift value through one checked conversion: at most 32 levels of
-- nesting, stack room checked before every push, cycles detected; each refusal is a Lua error with
-- the caller's file:line, and nothing is changed.
local model = ripple.model {
  Customer = { name = "string", orders = { toMany = "Order", inverse = "customer" } },
  Order = { total = "double?", customer = { toOne = "Customer", inverse = "orders" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
local order = ctx:insert("Order", { total = 5, customer = ann })
ctx:save()

local function nested(depth, leaf)
  local t = { leaf }
  for _ = 2, depth do t = { t } end
  return t
end

local function cyclic()
  local t = { 1 }
  t[2] = t
  return t
end

-- The error with the directories of the file name removed.
local function raised(f)
  local ok, err = pcall(f)
  if ok then return "no error" end
  return (tostring(err):gsub("^[^:]-([%w%-]+%.lua:%d+:)", "%1"))
end

local DEEP = "a table nested more than 32 levels deep cannot be converted to a value"
local CYCLE = "a table that contains itself cannot be converted to a value"

scenario("a deep or cyclic predicate argument is refused", function()
  expect(raised(function() ctx:fetch { entity = "Customer", predicate = "name IN %@", arguments = { nested(200, "Ann") } } end))
    :toBe("92-bad-input-nesting.lua:39: " .. DEEP)
  expect(raised(function() ctx:count { entity = "Customer", predicate = "name IN %@", arguments = { cyclic() } } end))
    :toBe("92-bad-input-nesting.lua:41: " .. CYCLE)
  expect(raised(function()
    ripple.fetchedResultsController { context = ctx, entity = "Customer", sortDescriptors = { "name" },
                                      predicate = "name IN %@", arguments = { nested(100000, 1) } }
  end)):toBe("92-bad-input-nesting.lua:44: " .. DEEP)
  -- the same table twice (not a cycle) is fine, and so is a flat array
  local names = { "Ann", "Bob" }
  expect(ctx:count { entity = "Customer", predicate = "name IN %@ OR name IN %@", arguments = { names, names } }):toBe(1)
  expect(ctx.hasChanges):toBe(false)
end)

scenario("a deep or cyclic to-many value is refused and the relationship is unchanged", function()
  expect(raised(function() ann.orders = nested(64, order) end)):toBe("92-bad-input-nesting.lua:54: " .. DEEP)
  expect(raised(function() ann.orders = cyclic() end)):toBe("92-bad-input-nesting.lua:55: " .. CYCLE)
  expect(raised(function() ctx:insert("Customer", { name = "Bob", orders = { order, cyclic() } }) end))
    :toBe("92-bad-input-nesting.lua:56: " .. CYCLE)
  expect(ann.orders:toArray()):toEqual({ order })
  expect(order.customer):toBe(ann)
  expect(ctx.hasChanges):toBe(false)
  expect(#ctx:fetch { entity = "Customer" }):toBe(1)
end)

scenario("a cell value nested up to the limit round-trips; one level more is refused", function()
  local cv = ripple.collectionView()
  local ds = ripple.fetchedCollectionViewDataSource(cv, ctx)
  local depth = 32
  ds:registerClass("Cell", function(cell) cell.data = nested(depth, "leaf") end)
  ds:reloadWithFetchRequest({ entity = "Customer", sortDescriptors = { "name" } })
  local value = cv:snapshot()[1].cells[1].data
  local levels = 0
  while type(value) == "table" do levels = levels + 1; value = value[1] end
  expect(levels):toBe(32)
  expect(value):toBe("leaf")
  depth = 33
  expect(raised(function() ds:reloadWithFetchRequest({ entity = "Customer", sortDescriptors = { "name" } }) end))
    :toBe("92-bad-input-nesting.lua:68: " .. DEEP)
  depth = 1
  ds:reloadWithFetchRequest({ entity = "Customer", sortDescriptors = { "name" } })
  expect(cv:snapshot()[1].cells[1].data):toEqual({ "leaf" })
  expect(cv:numberOfSections()):toBe(1)
end)

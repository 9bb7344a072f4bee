-- Work that follows what changed (session 5): after a controller operation only the controllers whose
-- ownership changed are re-anchored (not every controller the script made), and an over-long key path is
-- counted, not split. The behaviour is the one before: a controller on screen keeps its Lua methods, one
-- that lost its parent, presenter or window (also when those were collected) is released at the next
-- operation or notification, and key paths keep their exact errors.
local model = ripple.model {
  Customer = { name = "string", referrer = { toOne = "Customer", inverse = "referrals" },
               referrals = { toMany = "Customer", inverse = "referrer" } },
}
local ctx = ripple.container(model).viewContext
local ann = ctx:insert("Customer", { name = "Ann" })
ctx:insert("Customer", { name = "Bob" })
ctx:save()

local heard = {}
local function form(title)
  local vc = ripple.viewController(title)
  vc:dvc_add(ann)
  function vc:dvc_updated() heard[#heard + 1] = self.title end
  vc.me = vc   -- a cycle through its own values
  return vc
end

local function fullCollect()
  collectgarbage("collect")
  collectgarbage("collect")
end

-- Renames Ann and returns how many controllers heard it (a notification, so anchors are re-evaluated
-- after the controllers were told).
local renames = 0
local function rename()
  renames = renames + 1
  ann.name = "Ann " .. renames
  ctx:processPendingChanges()
  local count = #heard
  heard = {}
  return count
end

scenario("four hundred controllers: those on screen keep their methods, the others go once unreferenced", function()
  local window = ripple.window()
  local root = ripple.viewController "Root"
  window.rootViewController = root
  for i = 1, 200 do
    root:addChild(form("Child " .. i))
    form("Loose " .. i)   -- never shown, not kept
  end
  fullCollect()
  expect(rename()):toBe(200)
  local children = root.children
  for i = 1, 100 do children[i]:removeFromParent() end
  children = nil
  fullCollect()
  expect(rename()):toBe(100)
  expect(#root.children):toBe(100)
  expect(root.children[1].title):toBe("Child 101")
  root:present(form("Sheet"), false)
  fullCollect()
  expect(rename()):toBe(101)
  root:dismiss(false)
  window.rootViewController = nil
  fullCollect()
  expect(rename()):toBe(100)     -- the children are still owned by root, which this function holds
  root, window = nil, nil
  fullCollect()                  -- root goes; its children stay anchored until the next re-evaluation
  expect(rename()):toBe(100)
  fullCollect()
  expect(rename()):toBe(0)
end)

-- Holds a controller without keeping it alive.
local probe = setmetatable({}, { __mode = "v" })

scenario("a child whose parent was collected is released at the next notification", function()
  local parent = ripple.viewController "Parent"   -- in no window: nothing owns it
  probe.child = form("Orphan")
  parent:addChild(probe.child)
  parent = nil
  fullCollect()                  -- the parent goes; the child is still anchored
  expect(probe.child.title):toBe("Orphan")
  expect(probe.child.parent):toBeNil()
  expect(rename()):toBe(1)       -- heard, then released by the re-evaluation after the notification
  fullCollect()
  expect(probe.child):toBeNil()
  expect(rename()):toBe(0)
end)

scenario("a presented controller whose presenter was collected is released at the next operation", function()
  local presenter = ripple.viewController "Presenter"
  probe.presented = form("Presented")
  presenter:present(probe.presented, false)
  presenter = nil
  fullCollect()
  expect(probe.presented.title):toBe("Presented")
  expect(probe.presented.presentingViewController):toBeNil()
  ripple.viewController("Other"):addChild(ripple.viewController "Another")   -- any controller operation
  fullCollect()
  expect(probe.presented):toBeNil()
  expect(rename()):toBe(0)
end)

scenario("a root whose window was collected is released at the next operation", function()
  local window = ripple.window()
  probe.root = form("Rooted")
  window.rootViewController = probe.root
  window = nil
  fullCollect()
  expect(probe.root.title):toBe("Rooted")
  expect(probe.root.window):toBeNil()
  ripple.window().rootViewController = ripple.viewController "Elsewhere"
  fullCollect()
  expect(probe.root):toBeNil()
  expect(rename()):toBe(0)
end)

scenario("long key paths: the limit counted, every key still checked, the same errors", function()
  ann.referrer = ann
  ctx:save()
  local function count(predicate) return #ctx:fetch { entity = "Customer", predicate = predicate } end
  expect(count(string.rep("referrer.", 99) .. "name BEGINSWITH 'Ann'")):toBe(1)
  expect(function() count(string.rep("referrer.", 100) .. "name BEGINSWITH 'Ann'") end)
    :toRaise("The key path 'referrer.referrer.referrer.referrer.referrer.referrer.referr…' has 101 keys; at most 100 are followed")
  expect(function() count(string.rep("referrer.", 3000) .. "name == 'Ann'") end)
    :toRaise("has 3001 keys; at most 100 are followed")
  -- Every key is checked against the model first, however long the path: an unknown key deep in it
  -- is Core Data's fetch error, not the limit.
  local ok, message = pcall(count, string.rep("referrer.", 2000) .. "nope == 1")
  expect(ok):toBe(false)
  expect(message:sub(-60)):toBe("referrer.referrer.referrer.nope not found in entity Customer")
  expect(function() count(string.rep("referrals.", 150) .. "@foo.name == 1") end)
    :toRaise("[<NSSet> valueForKeyPath:]: this class does not implement the foo operation.")
  expect(function() count(string.rep("referrer.", 150) .. "namé == 1") end)
    :toRaise("namé not found in entity Customer")
  expect(function() count(string.rep("referrer.", 150) .. "name.length == 1") end)
    :toRaise("has 152 keys; at most 100 are followed")
  expect(function() ctx:fetch { entity = "Customer", sortDescriptors = { string.rep("referrer.", 300) .. "name" } } end)
    :toRaise("has 301 keys; at most 100 are followed")
  expect(ctx.hasChanges):toBe(false)
end)

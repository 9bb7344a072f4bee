-- A chain of 20,000 child view controllers: built child by child in linear time (addChild was
-- quadratic: 50-75 s for 10,000 levels), described, graphed, cut and freed without one native frame per
-- level (ripple.graph and the release of the chain overflowed the stack at 20,000).
local window = ripple.window()
local root = ripple.viewController "root"
window.rootViewController = root
local leaf = root
for i = 1, 20000 do
  local child = ripple.viewController("c" .. i)
  leaf:addChild(child)
  leaf = child
end

scenario("the leaf is in the window and visible", function()
  expect(leaf.window):toBe(window)
  expect(leaf.isViewLoaded):toBe(true)
  expect(leaf.parent.title):toBe("c19999")
end)

scenario("describe and graph walk every level", function()
  local text = window:describe()
  expect(select(2, text:gsub("\n", "")) >= 20000):toBe(true)
  local graph = ripple.graph(window)
  expect(graph:find([[ViewController \"c20000\"]], 1, true) ~= nil):toBe(true)
  expect(graph:find('"vc20001" [label=', 1, true) ~= nil):toBe(true)
end)

scenario("an ancestor cannot become a child of its descendant", function()
  expect(function() leaf:addChild(root) end):toRaise("as a child of itself or of one of its descendants")
  expect(leaf.window):toBe(window)
end)

scenario("the chain is cut and freed; the window goes on", function()
  root.children[1]:removeFromParent()
  leaf = nil
  collectgarbage("collect")
  collectgarbage("collect")
  expect(#root.children):toBe(0)
  local other = ripple.viewController "other"
  root:addChild(other)
  expect(other.window):toBe(window)
end)

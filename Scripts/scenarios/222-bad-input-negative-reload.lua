-- Bad input: a reload at a negative index path. The failed batch's explanation looked for the usual
-- cause (a reload at the index path after the change) by indexing the counts before the update with the
-- path's section: section -1 trapped ("Index out of range"; found by the fuzzer, session 10). The batch
-- now fails with UIKit's message and no hint, and the view is as it was.
local cv = ripple.collectionView()
local ds = ripple.staticCollectionViewDataSource(cv)
ds:registerClass("Cell", function(cell, indexPath, dataSource) cell.text = dataSource:itemAtIndexPath(indexPath) end)
ds:reloadWithSections({ { "a", "b" } }, { "First" })

scenario("reloadItems at section -1", function()
  expect(function() cv:reloadItems({ ripple.indexPath(-1, 0) }) end)
    :toRaise("attempt to delete item 0 from section -1, but there are only 1 sections before the update")
  expect(function() cv:performBatchUpdates(function(batch) batch:reloadItems({ ripple.indexPath(0, -1) }) end) end)
    :toRaise("item -1")
end)

scenario("the view is intact", function()
  expect(cv:numberOfSections()):toBe(1)
  expect(cv:numberOfItemsInSection(0)):toBe(2)
  expect(cv:snapshot()[1].cells[2].text):toBe("b")
end)

@testable import CollectionViews
import FetchedResults
import Testing

/// A UITableView exception text as it was captured in a crash log, with the batch that raises it in Ripple.
struct CapturedTableMessage: CustomTestStringConvertible, Sendable {
    let source: String
    let before: [Int], after: [Int]
    let build: @Sendable (BatchUpdate) -> Void
    let message: String
    var testDescription: String { source }
}

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

/// Every rule whose UITableView text was captured, with the text verbatim (the `%@` of an index path
/// printed without its pointer) and where it was captured; docs/table-views.md lists the same sources.
let capturedTableMessages: [CapturedTableMessage] = [
    .init(source: "5calls/ios #57", before: [8], after: [8], build: { $0.insertItems(at: [ip(0, 8)]) },
          message: "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update"),
    .init(source: "gsdios/SDAutoLayout #261", before: [1, 1], after: [1, 1], build: { $0.insertItems(at: [ip(2, 0)]) },
          message: "attempt to insert row 0 into section 2, but there are only 2 sections after the update"),
    .init(source: "jayhickey/Longboxed-iOS #23", before: [0], after: [0], build: { $0.deleteItems(at: [ip(0, 9)]) },
          message: "attempt to delete row 9 from section 0 which only contains 0 rows before the update"),
    .init(source: "RxSwiftCommunity/RxDataSources #35", before: [1, 1, 0], after: [1, 1, 0],
          build: { $0.moveItem(at: ip(2, 0), to: ip(0, 0)) },
          message: "attempt to move index path ({length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update"),
    .init(source: "OpenRadar 33662307", before: [3], after: [3],
          build: { $0.reloadItems(at: [ip(0, 1)]); $0.moveItem(at: ip(0, 1), to: ip(0, 0)) },
          message: "attempt to perform a delete and a move from the same index path ({length = 2, path = 0 - 1})"),
    .init(source: "forkingdog/UITableView-FDTemplateLayoutCell #40", before: [], after: [1], build: { _ in },
          message: "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
    .init(source: "okhanokbay/ExpyTableView #20", before: [1], after: [4], build: { _ in },
          message: "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (4) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
]

@Suite struct TableViewMessageTests {
    @Test("UITableView's messages, verbatim as captured", arguments: capturedTableMessages)
    func captured(_ c: CapturedTableMessage) {
        let batch = BatchUpdate()
        c.build(batch)
        do {
            _ = try BatchUpdateValidator(wording: .tableView).validate(batch, before: c.before, after: c.after)
            Issue.record("\(c.source): no error")
        } catch let error as CollectionViewsError {
            #expect(error.message == c.message, "\(c.source)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("a move out of a deleted section says row (TLIndexPathTools #20), a collection view item")
    func deletedSection() {
        for (wording, word) in [(BatchUpdateValidator.Wording.tableView, "a row"), (.collectionView, "an item")] {
            let batch = BatchUpdate()
            batch.deleteSections([1])
            batch.moveItem(at: ip(1, 0), to: ip(0, 0))
            #expect(throws: CollectionViewsError.self) {
                try BatchUpdateValidator(wording: wording).validate(batch, before: [2, 2], after: [3])
            }
            do { _ = try BatchUpdateValidator(wording: wording).validate(batch, before: [2, 2], after: [3]) } catch let error as CollectionViewsError {
                #expect(error.message == "cannot move \(word) from a deleted section (1)")
            } catch { Issue.record("\(error)") }
        }
    }
}

@testable import FetchedResults
import ObjectGraph
import Testing

@Suite struct QuirkProfileTests {
    func controller(_ context: ManagedObjectContext, profile: PlatformProfile) throws -> (FetchedResultsController, Recorder) {
        let frc = try FetchedResultsController(
            fetchRequest: FetchRequest(entityName: "Customer", sortDescriptors: [SortDescriptor(key: "name")]),
            managedObjectContext: context, sectionNameKeyPath: nil, cacheName: nil)
        frc.platform = PlatformSettings(profile: profile)
        let recorder = Recorder()
        frc.delegate = recorder
        try frc.performFetch()
        return (frc, recorder)
    }

    @Test("ios9: an update in place is followed by a move to the same index path; newer profiles send the update only")
    func samePathMove() throws {
        for profile in PlatformProfile.allCases {
            let context = try makeContext()
            let ann = try insert(context, "Ann")
            try insert(context, "Bob")
            try context.save()
            let (frc, recorder) = try controller(context, profile: profile)
            try set(ann, "age", .integer(31))
            try context.processPendingChanges()
            withExtendedLifetime(frc) {}
            let update = "Customer#1 update [0, 0] -> [0, 0]"
            if profile == .ios9 {
                #expect(recorder.lines == ["will", update, "Customer#1 move [0, 0] -> [0, 0]", "did"])
            } else {
                #expect(recorder.lines == ["will", update, "did"])
            }
        }
    }

    @Test("ios9: an update whose row shifted gets no extra move")
    func shiftedUpdate() throws {
        let context = try makeContext()
        try insert(context, "Bob")
        let cy = try insert(context, "Cy")
        try context.save()
        let (frc, recorder) = try controller(context, profile: .ios9)
        try insert(context, "Al")
        try set(cy, "age", .integer(31))
        try context.processPendingChanges()
        withExtendedLifetime(frc) {}
        #expect(!recorder.lines.contains { $0.contains("move") })
    }
}

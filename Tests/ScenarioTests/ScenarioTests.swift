import RippleRunner
import Scripting
import Testing

/// The package root, found from this file's path.
private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)   // Tests/ScenarioTests/ScenarioTests.swift
    return parts.joined(separator: "/")
}()

/// Every scenario file, by name.
private let scenarioFiles: [String] = {
    ((try? ScenarioFiles.collect([packageRoot + "/Scripts/scenarios"])) ?? [])
        .map { String($0.split(separator: "/").last!) }
}()

/// Every example script, by name (one per seed library, plus the README's first example).
private let exampleFiles: [String] = {
    ((try? ScenarioFiles.collect([packageRoot + "/Scripts/examples"])) ?? [])
        .map { String($0.split(separator: "/").last!) }
}()

/// Each file under Scripts/scenarios is its own test case; every scenario in it must pass.
@Suite struct ScenarioTests {
    @Test("there are scenario files to run")
    func thereAreScenarios() {
        #expect(scenarioFiles.count >= 15)
        #expect(exampleFiles.count >= 5)
    }

    @Test("example script", arguments: exampleFiles)
    func exampleFile(_ name: String) {
        let report = ScenarioRunner(instructionLimit: 200_000_000, checksInvariants: true)
            .run(file: packageRoot + "/Scripts/examples/" + name)
        #expect(report.error == nil, "\(name): \(report.error ?? "")")
        #expect(!report.scenarios.isEmpty, "\(name) declares no scenario")
        for result in report.scenarios where !result.passed {
            Issue.record("\(name) › \(result.name): \(result.message ?? "failed")")
        }
    }

    @Test("scenario file", arguments: scenarioFiles)
    func scenarioFile(_ name: String) {
        let report = ScenarioRunner(instructionLimit: 200_000_000, checksInvariants: true).run(file: packageRoot + "/Scripts/scenarios/" + name)
        #expect(report.error == nil, "\(name): \(report.error ?? "")")
        #expect(!report.scenarios.isEmpty, "\(name) declares no scenario")
        for result in report.scenarios where !result.passed {
            Issue.record("\(name) › \(result.name): \(result.message ?? "failed")")
        }
    }
}

// `npm run doctor`: the checks start-up makes on the settings, printed for an operator, without starting anything (no
// database, no port). Exit code 1 when start-up would refuse: an invalid setting, or in production a failed check.
import { inspectEnvironment, type EnvironmentReport } from './config/env.ts';

function doctorReport(report: EnvironmentReport): string {
  const production = report.mode === 'production';
  const refused = new Set(report.invalid.map((problem) => problem.setting));
  const width = Math.max(...report.checks.map((check) => check.setting.length), ...report.invalid.map((problem) => problem.setting.length));
  const row = (mark: string, setting: string, text: string) => `  ${mark.padEnd(5)} ${setting.padEnd(width)}  ${text}`;
  const lines = [
    `Rampart doctor: RAMPART_ENV=${report.mode}${production ? '' : ' (the default; production checks below are advice until RAMPART_ENV=production)'}`,
    '',
    'Settings',
    ...(report.invalid.length === 0
      ? [row('ok', 'all', 'every setting is well-formed')]
      : report.invalid.map((problem) => row('FAIL', problem.setting, problem.message))),
    '',
    'Production checks',
  ];
  let failed = 0;
  for (const check of report.checks) {
    if (check.reads.some((name) => refused.has(name))) {
      lines.push(row('FAIL', check.setting, `${check.requirement}: not checked, the setting is invalid (above).`));
      failed += 1;
    } else if (check.problem === null) {
      lines.push(row('ok', check.setting, check.requirement));
    } else {
      lines.push(row(production ? 'FAIL' : 'warn', check.setting, `${check.requirement}: ${check.problem}`));
      failed += 1;
    }
  }
  const passed = report.checks.length - failed;
  lines.push('');
  if (report.problems.length === 0) {
    lines.push(
      production
        ? `All ${report.checks.length} production checks pass: Rampart will start.`
        : `${passed} of ${report.checks.length} production checks pass; development needs none of them. Rampart will start in development.`,
    );
  } else {
    lines.push(
      `Rampart will not start: ${report.problems.length === 1 ? 'one setting needs' : `${report.problems.length} settings need`} changing (.env.example, docs/operations.md).`,
    );
  }
  return lines.join('\n');
}

const report = inspectEnvironment(process.env);
console.log(doctorReport(report));
process.exit(report.problems.length > 0 ? 1 : 0);

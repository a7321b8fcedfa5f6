import { Controller } from '@nestjs/common';
import {
  AML_COMMANDS,
  type AmlRescreenCommand,
  type CreateAmlScreeningCommand,
  type GetAmlReportCommand,
  type GetAmlScreeningCommand,
  type ListAmlScreeningsCommand,
  type SetAmlMonitoringCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { AmlScreenings } from '../application/aml/aml-screenings';
import { AmlReports } from '../application/aml/aml-reports';
import { AmlCities } from '../application/aml/aml-cities';

/** AML screening's commands (decisions D8). */
@Controller()
export class AmlMessages {
  constructor(
    private readonly screenings: AmlScreenings,
    private readonly reports: AmlReports,
    private readonly cities: AmlCities,
  ) {}

  @Handles(AML_COMMANDS.create_screening)
  create(command: CreateAmlScreeningCommand) {
    return this.screenings.create(command);
  }

  @Handles(AML_COMMANDS.get_screening)
  get(command: GetAmlScreeningCommand) {
    return this.screenings.get(command.account_id, command.screening_id);
  }

  @Handles(AML_COMMANDS.list_screenings)
  list(command: ListAmlScreeningsCommand) {
    return this.screenings.list(command.account_id, command.limit, command.offset);
  }

  @Handles(AML_COMMANDS.rescreen)
  rescreen(command: AmlRescreenCommand) {
    return this.screenings.rescreen(command);
  }

  @Handles(AML_COMMANDS.set_monitoring)
  setMonitoring(command: SetAmlMonitoringCommand) {
    return this.screenings.setMonitoring(command);
  }

  @Handles(AML_COMMANDS.list_cities)
  listCities(command: { country: string }) {
    return this.cities.of(command.country);
  }

  @Handles(AML_COMMANDS.get_report)
  report(command: GetAmlReportCommand) {
    return this.reports.render(command);
  }
}

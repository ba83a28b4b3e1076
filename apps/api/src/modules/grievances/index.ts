export { acknowledgeByOf, addCalendarMonths, resolveByOf } from './clocks';
export { GRIEVANCE_MAIL_JOB } from './jobs';
export { createGrievancesModule } from './module';
export { GrievancesService } from './service';

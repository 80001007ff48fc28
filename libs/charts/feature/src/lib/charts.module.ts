import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartEntity } from './chart.entity';
import { ChartTaxonomyRepository } from './chart-taxonomy.repository';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/** The charts HTTP API. Needs CatalogueAccess and the EngineClient. */
@Module({
  imports: [TypeOrmModule.forFeature([ChartEntity])],
  controllers: [ChartsController],
  providers: [ChartsService, CalculateChartUseCase, ChartTaxonomyRepository],
})
export class ChartsModule {}
